"""The wipe shape: a board of persist/undying creatures, then wipes, damage, counters and
sacrifices."""
