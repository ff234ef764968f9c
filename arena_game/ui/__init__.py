"""The pygame-ce front end: window, screens and animations. Draws and asks; never rules."""
