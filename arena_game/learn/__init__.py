"""For new players: lessons and their goals, the demo film. No pygame here; may import core and formats."""
