"""The table's panels and dialogs: log and chat, stack inspector, tooltip, context menu,
hands/decks/cups, charts and rules, minimap, status bar, message toasts, file and dice dialogs.
Each widget only *shows* data and reports what the user picked; the table turns picks into
``Session.do(Action)`` calls."""
