"""The physical rig: seat LEDs and buttons (gpiozero) and the card scanner (pyserial)."""
