"""The edit mode's tests run headless like the client's: SDL's dummy video driver, no window,
no sound, saves in a temporary folder (the client tests' fixtures)."""
from tests.client.conftest import _data_dir, _pygame  # noqa: F401 (fixtures)
