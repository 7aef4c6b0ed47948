"""User-facing errors. Every error a user can cause (a bad module, a bad save, an illegal
command) is a :class:`WartableError` whose message is one line saying what is wrong and where."""
from __future__ import annotations


class WartableError(Exception):
    """Base of every user-facing error."""


class ModuleError(WartableError):
    """A module file or its contents is bad: names the member file and the record."""

    def __init__(self, file: str, record: str, message: str) -> None:
        self.file, self.record, self.message = file, record, message
        super().__init__(": ".join(p for p in (file, record, message) if p))


class SourceError(WartableError):
    """A module source file is bad: names the file, line and column."""

    def __init__(self, file: str, line: int, column: int, message: str) -> None:
        self.file, self.line, self.column, self.message = file, line, column, message
        where = file + (f":{line}" if line else "") + (f":{column}" if column else "")
        super().__init__(f"{where}: {message}")


class SaveError(WartableError):
    """A save file cannot be loaded: says what is wrong; nothing is lost."""
