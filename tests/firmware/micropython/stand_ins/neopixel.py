# A stand-in for MicroPython's built-in `neopixel` driver: the same `buf`
# (a bytearray of GRB triples), `n` and `write()`; `writes` counts the frames
# sent to the strip.


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.writes = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        j = i * 3
        self.buf[j] = colour[1]
        self.buf[j + 1] = colour[0]
        self.buf[j + 2] = colour[2]

    def __getitem__(self, i):
        j = i * 3
        return (self.buf[j + 1], self.buf[j], self.buf[j + 2])

    def write(self):
        self.writes += 1
