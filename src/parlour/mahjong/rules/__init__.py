"""One module per mahjong rule system."""
