"""For new players: lessons and their goals, the demo's steps. No pygame here; may import core,
formats, i18n and resources."""
