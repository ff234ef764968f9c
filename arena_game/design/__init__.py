"""For map designers: map checks, hot reload, balance series. May import core, formats, i18n,
bots, render."""
