"""Map art files: what kind of image a byte string is and how large, read from its header (the
model never decodes an image; the table does)."""
from __future__ import annotations

import struct

from engine.container import JPEG_SIGNATURE, PNG_SIGNATURE

#: The largest art file the editor imports (a module member may be at most 64 MiB).
MAX_ART_BYTES = 48 << 20
#: The largest image side in pixels.
MAX_SIDE = 30000


class ArtError(ValueError):
    """Not an image the module can hold (it says why)."""


def image_kind(data: bytes) -> str:
    """``"png"`` or ``"jpg"`` from the file's signature; ArtError otherwise."""
    if data.startswith(PNG_SIGNATURE):
        return "png"
    if data.startswith(JPEG_SIGNATURE):
        return "jpg"
    raise ArtError("not a PNG or JPEG image")


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ArtError("a PNG without its header chunk")
    return struct.unpack(">II", data[16:24])


#: JPEG start-of-frame markers (baseline, progressive, lossless...: every SOFn but DHT/JPG/DAC).
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i, n = 2, len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            raise ArtError("a damaged JPEG (a marker was expected)")
        marker = data[i + 1]
        if marker == 0xFF:          # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        if marker == 0xD9:
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if length < 2:
            raise ArtError("a damaged JPEG (a segment shorter than its header)")
        if marker in _SOF:
            if i + 9 > n:
                break
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    raise ArtError("a JPEG without a frame header (its size is unknown)")


def image_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels of a PNG or JPEG image; ArtError when it cannot say or the
    image is empty or too large."""
    kind = image_kind(data)
    w, h = _png_size(data) if kind == "png" else _jpeg_size(data)
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise ArtError(f"a {w} x {h} image (each side must be 1 to {MAX_SIDE} pixels)")
    return w, h
