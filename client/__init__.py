"""wartable's pygame-ce table: rendering, drag and drop, panels and the pymunk dice tray.

The engine never imports this package; this package only reads sessions and views and sends
actions (DESIGN principle 1)."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
