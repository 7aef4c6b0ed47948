# Every target sets itself up: it creates .venv if missing and installs the project into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
STAMP  := $(VENV)/.installed

.PHONY: play test bench fuzz modules clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/wartable play $(ARGS)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m tools.bench

fuzz: $(STAMP)
	$(PY) -m tools.fuzz_long
	$(PY) -m tools.fuzz_long --campaign hostile --minutes 2
	$(VENV)/bin/wartable fuzz paths_of_glory --scenario campaign --games 400 --seed 1 --actions 100000 \
		--option optional_cards=all --jobs $(JOBS)
	$(VENV)/bin/wartable fuzz france_1944 --scenario campaign --games 100 --seed 1 --actions 100000 \
		--option operational_advantage=on --jobs $(JOBS)
	for s in historical_campaign short_campaign hypothetical; do \
		$(VENV)/bin/wartable fuzz grand_illusion --scenario $$s --games 20 --seed 1 --actions 8000 --jobs $(JOBS) || exit 1; done
	for sc in sc4_monte_novegno sc3_monte_cengio sc1_drive_on_pasubio sc2_asiago_mountains_burning; do \
		$(VENV)/bin/wartable fuzz strafexpedition_1916 --scenario $$sc --games 20 --seed 1 --actions 100000 --jobs $(JOBS) || exit 1; done
	$(VENV)/bin/wartable fuzz strafexpedition_1916 --scenario sc5_campaign --games 4 --seed 1 --actions 100000 --jobs $(JOBS)
	$(VENV)/bin/wartable fuzz strafexpedition_1916 --scenario sc5_campaign --games 2 --seed 100 --actions 100000 \
		--option multi_player=on --option fog_of_war=on --option hidden_lp=on --jobs $(JOBS)
	$(VENV)/bin/wartable fuzz offensive_a_outrance_1914 --scenario lorraine --games 40 --seed 1 --actions 100000 --jobs $(JOBS)
	for s in race_to_the_sea campaign; do \
		$(VENV)/bin/wartable fuzz offensive_a_outrance_1914 --scenario $$s --games 4 --seed 1 --actions 100000 --jobs $(JOBS) || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
