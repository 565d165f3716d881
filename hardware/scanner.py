"""The card scanner: serial RFID (RDM6300) and barcode/QR line decoders, repeat filtering, and a reconnecting pyserial reader.

Layers, each usable on its own:

* ``Rdm6300Decoder`` and ``LineDecoder`` are pure: ``feed(bytes)`` takes input in any
  chunking and returns the tags completed by it, keeping a partial frame or line for the
  next call. Garbage is dropped and counted, never raised.
* ``FrameConfirmer`` (RDM6300 only) accepts a tag after two identical valid frames within
  ``confirm_window`` (300 ms): noise that forms one valid frame, or bit errors that cancel out
  in the checksum, almost never repeat exactly; after a bad frame it asks for three.
* ``TagRateLimit`` (RDM6300) gives one scan per tag per ``repeat_window``, whatever other tags
  come between; ``RepeatFilter`` (barcodes) one scan per run of the same code. Both turn a
  reader that repeats while a card lies on it into one scan per card (injectable clock).
* ``ScannerReader`` owns the serial port: it opens it with ``serial.serial_for_url``,
  reads in a background thread, decodes, filters repeats, and reconnects by itself
  when the device is unplugged and plugged back in.

Threads: ``on_tag`` and ``on_status`` are called **on the reader thread**. The app must
hand them over to the Kivy main thread (e.g. ``Clock.schedule_once``) before touching
the Table or any widget; this module deliberately does not import Kivy.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping, Protocol

import serial

log = logging.getLogger(__name__)

DEFAULT_PORT = "/dev/serial0"
DEFAULT_BAUD = 9600
DEFAULT_PROTOCOL = "rdm6300"
DEFAULT_REPEAT_WINDOW = 1.5
DEFAULT_CONFIRM_WINDOW = 0.3
DEFAULT_RETRY_SECONDS = 1.0
DEFAULT_READ_TIMEOUT = 0.2
DEFAULT_MAX_LINE_LENGTH = 128
# A barcode without a check digit of its own counts when read twice in a row within this:
# a reader in presentation mode reads a code it sees again and again, and a reader with a
# trigger is pulled twice.
LINE_CONFIRM_WINDOW = 2.0

PROTOCOLS = ("rdm6300", "lines")

STATUS_CONNECTED = "connected"
STATUS_DISCONNECTED = "disconnected"
STATUS_RECONNECTED = "reconnected"

STX = 0x02
ETX = 0x03
_HEX_DIGITS = frozenset(b"0123456789ABCDEFabcdef")
RDM6300_FRAME_LENGTH = 14  # STX + 10 data + 2 checksum + ETX


def rdm6300_checksum(data_hex: str) -> str:
    """The two hex characters an RDM6300 sends after the 10 data characters."""
    value = 0
    for byte in bytes.fromhex(data_hex):
        value ^= byte
    return f"{value:02X}"


def rdm6300_frame(tag: str) -> bytes:
    """A complete, valid RDM6300 frame for a 10-hex-character tag (for tests and `doctor`)."""
    if len(tag) != 10 or any(ord(c) not in _HEX_DIGITS for c in tag):
        raise ValueError(f"an RDM6300 tag is 10 hex characters, not {tag!r}")
    return b"\x02" + tag.encode("ascii") + rdm6300_checksum(tag).encode("ascii") + b"\x03"


class Decoder(Protocol):
    def feed(self, data: bytes) -> list[str]: ...
    def reset(self) -> None: ...
    def stats(self) -> dict[str, int]: ...


class Rdm6300Decoder:
    """RDM6300-style 125 kHz RFID frames.

    A frame is STX (0x02), 10 ASCII hex characters (2 version/customer + 8 tag), 2 ASCII hex
    characters holding the XOR of the five data bytes, ETX (0x03). The tag is reported as
    the 10 data characters in upper case.

    Counters: ``frames`` (good), ``bad_checksum``, ``malformed`` (a frame cut short by a
    new STX or an early ETX, a non-hex character, a missing ETX, or a partial frame thrown
    away by ``reset``), ``noise_bytes`` (bytes outside any frame). After any error the
    decoder resynchronises on the next STX.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self.frames = 0
        self.bad_checksum = 0
        self.malformed = 0
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[str]:
        buf = self._buf
        buf += data
        n = len(buf)
        pos = 0
        tags: list[str] = []
        while pos < n:
            if buf[pos] != STX:
                start = buf.find(STX, pos)
                if start < 0:
                    self.noise_bytes += n - pos
                    pos = n
                    break
                self.noise_bytes += start - pos
                pos = start
            # buf[pos] is an STX: check the frame as far as it has arrived.
            end = min(n, pos + RDM6300_FRAME_LENGTH)
            bad = -1
            for i in range(pos + 1, end):
                byte = buf[i]
                if i - pos < RDM6300_FRAME_LENGTH - 1:
                    if byte not in _HEX_DIGITS:
                        bad = i
                        break
                elif byte != ETX:
                    bad = i
                    break
            if bad >= 0:
                self.malformed += 1
                # A new STX may start the next frame: resynchronise on it.
                pos = bad if buf[bad] == STX else bad + 1
                continue
            if end - pos < RDM6300_FRAME_LENGTH:
                break  # incomplete: keep it for the next feed
            body = buf[pos + 1 : pos + RDM6300_FRAME_LENGTH - 1].decode("ascii")
            pos += RDM6300_FRAME_LENGTH
            if rdm6300_checksum(body[:10]) != body[10:].upper():
                self.bad_checksum += 1
                continue
            self.frames += 1
            tags.append(body[:10].upper())
        del buf[:pos]
        return tags

    def reset(self) -> None:
        """Forget a partial frame (e.g. after the port was lost); it counts as malformed."""
        if self._buf:
            self.malformed += 1
            self._buf.clear()

    def stats(self) -> dict[str, int]:
        return {
            "frames": self.frames,
            "bad_checksum": self.bad_checksum,
            "malformed": self.malformed,
            "noise_bytes": self.noise_bytes,
        }


_LINE_END = re.compile(rb"[\r\n]")


class LineDecoder:
    """Barcode/QR readers in serial mode: one code per line.

    Lines end with CR, LF or CRLF (each CR and each LF ends a line; the empty line between
    the two characters of a CRLF is ignored like any empty line). Codes are stripped of
    surrounding whitespace. A line of more than ``max_length`` bytes (counted before
    stripping) is dropped and counted as ``too_long``, without ever buffering more than
    ``max_length`` bytes; a line that is not UTF-8 or holds non-printable characters is
    dropped and counted as ``invalid``; a partial line thrown away by ``reset`` is counted
    as ``incomplete``. Good codes are counted as ``lines``.
    """

    def __init__(self, max_length: int = DEFAULT_MAX_LINE_LENGTH) -> None:
        if max_length < 1:
            raise ValueError("max_length must be at least 1")
        self.max_length = max_length
        self._buf = bytearray()
        self._discarding = False  # inside a line already known to be too long
        self.lines = 0
        self.too_long = 0
        self.invalid = 0
        self.incomplete = 0

    def feed(self, data: bytes) -> list[str]:
        codes: list[str] = []
        buf = self._buf
        start = 0
        if data:
            buf += data
        for match in _LINE_END.finditer(buf):
            self._finish(buf[start : match.start()], codes)
            start = match.end()
        del buf[:start]
        if len(buf) > self.max_length:
            buf.clear()
            self._discarding = True
        elif self._discarding:
            buf.clear()
        return codes

    def _finish(self, raw: bytes | bytearray, codes: list[str]) -> None:
        if self._discarding:
            self._discarding = False
            self.too_long += 1
            return
        if len(raw) > self.max_length:
            self.too_long += 1
            return
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            self.invalid += 1
            return
        code = text.strip()
        if not code:
            return
        if not code.isprintable():
            self.invalid += 1
            return
        self.lines += 1
        codes.append(code)

    def reset(self) -> None:
        """Forget a partial line (e.g. after the port was lost)."""
        if self._buf or self._discarding:
            self.incomplete += 1
        self._buf.clear()
        self._discarding = False

    def stats(self) -> dict[str, int]:
        return {
            "lines": self.lines,
            "too_long": self.too_long,
            "invalid": self.invalid,
            "incomplete": self.incomplete,
        }


def _bad_frames(decoder: Any) -> int:
    """Frames an RDM6300 decoder has thrown away so far (0 for other decoders)."""
    return getattr(decoder, "bad_checksum", 0) + getattr(decoder, "malformed", 0)


def make_decoder(protocol: str) -> Rdm6300Decoder | LineDecoder:
    if protocol == "rdm6300":
        return Rdm6300Decoder()
    if protocol == "lines":
        return LineDecoder()
    raise ValueError(f"unknown scanner protocol {protocol!r}; expected one of {', '.join(PROTOCOLS)}")


class RepeatFilter:
    """One scan per card, however long it lies on the reader.

    ``accept(tag)`` is True for a new scan. The same tag again less than ``window`` seconds
    after its previous sighting is a repeat (False), and the window restarts with every
    repeat, so a card held on the reader is one scan. A different tag in between ends the
    run: A B A is three scans. A sighting exactly ``window`` seconds later is a new scan.
    """

    def __init__(self, window: float = DEFAULT_REPEAT_WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        if window < 0:
            raise ValueError("the repeat window cannot be negative")
        self.window = window
        self._clock = clock
        self._last_tag: str | None = None
        self._last_seen = 0.0
        self.passed = 0
        self.suppressed = 0

    def accept(self, tag: str) -> bool:
        now = self._clock()
        if tag == self._last_tag and now - self._last_seen < self.window:
            self._last_seen = now
            self.suppressed += 1
            return False
        self._last_tag = tag
        self._last_seen = now
        self.passed += 1
        return True

    def reset(self) -> None:
        self._last_tag = None


class FrameConfirmer:
    """An RDM6300 tag counts only once it was read twice: ``confirm(tag)`` is True for a valid
    frame that is the second (or later) identical one in a row, each within ``window`` seconds
    of the one before. A card on the antenna is read again and again, so the second frame comes
    within a fraction of that; a phantom (noise that happens to form a valid frame, or two bit
    errors that cancel out in the checksum) would have to repeat itself exactly.

    After a bad frame (``noisy()``: a bad checksum or a malformed frame within ``window``) three
    identical frames are needed: on a line that garbles every frame, two errors that happen to
    agree are about one frame pair in a million, three in 10^12.
    """

    def __init__(self, window: float = DEFAULT_CONFIRM_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if window <= 0:
            raise ValueError("the confirm window must be positive")
        self.window = window
        self._clock = clock
        self._tag: str | None = None
        self._run = 0  # identical frames in a row so far
        self._seen = self._noise = float("-inf")
        self.unconfirmed = 0

    def noisy(self) -> None:
        """The line just delivered a bad frame."""
        self._noise = self._clock()

    def confirm(self, tag: str) -> bool:
        now = self._clock()
        same = tag == self._tag and now - self._seen <= self.window
        self._run = self._run + 1 if same else 1
        self._tag, self._seen = tag, now
        needed = 3 if now - self._noise <= self.window else 2
        if self._run >= needed:
            return True
        self.unconfirmed += 1
        return False

    def reset(self) -> None:
        self._tag, self._run = None, 0


def gs1_check_digit_ok(code: str) -> bool:
    """An EAN-8, UPC-A, EAN-13 or GTIN-14 code whose last digit is its check digit (GS1's
    mod-10: weights 3 and 1 from the right). Such a code carries its own confirmation."""
    if len(code) not in (8, 12, 13, 14) or not code.isascii() or not code.isdigit():
        return False
    digits = [int(c) for c in code]
    total = sum(d * (3 if n % 2 == 0 else 1) for n, d in enumerate(reversed(digits[:-1])))
    return (10 - total % 10) % 10 == digits[-1]


class LineConfirmer(FrameConfirmer):
    """A barcode line counts when it carries a GS1 check digit that is right, or when the
    same code is read twice in a row within ``window`` seconds: noise on the line that forms a
    printable line now and then almost never forms the same one twice in a row."""

    def __init__(self, window: float = LINE_CONFIRM_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window, clock)

    def confirm(self, tag: str) -> bool:
        if gs1_check_digit_ok(tag):
            self.reset()
            return True
        return super().confirm(tag)


class TagRateLimit:
    """One scan per tag: a tag sighted again less than ``window`` seconds after its previous
    sighting is a repeat (the window restarts with every sighting, so a card left on the reader
    is one scan), whatever other tags came between: two cards swapped back and forth on the
    antenna are one scan each, not one per swap. A sighting ``window`` seconds or more after
    the last one is a new scan."""

    def __init__(self, window: float = DEFAULT_REPEAT_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if window < 0:
            raise ValueError("the repeat window cannot be negative")
        self.window = window
        self._clock = clock
        self._seen: dict[str, float] = {}
        self.passed = 0
        self.suppressed = 0

    def accept(self, tag: str) -> bool:
        now = self._clock()
        last = self._seen.get(tag)
        self._seen[tag] = now
        if len(self._seen) > 256:  # forget tags not seen for a window: bounded memory
            self._seen = {t: at for t, at in self._seen.items() if now - at < self.window}
        if last is not None and now - last < self.window:
            self.suppressed += 1
            return False
        self.passed += 1
        return True

    def reset(self) -> None:
        self._seen.clear()


@dataclass(frozen=True)
class ScannerConfig:
    """The ``[scanner]`` section of a config file."""

    port: str = DEFAULT_PORT
    baud: int = DEFAULT_BAUD
    protocol: str = DEFAULT_PROTOCOL
    repeat_window: float = DEFAULT_REPEAT_WINDOW
    confirm_window: float = DEFAULT_CONFIRM_WINDOW

    def __post_init__(self) -> None:
        if not isinstance(self.port, str) or not self.port.strip():
            raise ValueError(f"scanner port must be a device path or URL, not {self.port!r}")
        if isinstance(self.baud, bool) or not isinstance(self.baud, int) or self.baud <= 0:
            raise ValueError(f"scanner baud must be a positive whole number, not {self.baud!r}")
        if self.protocol not in PROTOCOLS:
            raise ValueError(f"scanner protocol must be one of {', '.join(PROTOCOLS)}, not {self.protocol!r}")
        if isinstance(self.repeat_window, bool) or not isinstance(self.repeat_window, (int, float)) or self.repeat_window < 0:
            raise ValueError(f"scanner repeat_window must be seconds >= 0, not {self.repeat_window!r}")
        window = self.confirm_window
        if isinstance(window, bool) or not isinstance(window, (int, float)) or not 0 < window <= 5:
            raise ValueError(f"scanner confirm_window must be seconds, more than 0 and at most 5, "
                             f"not {window!r}")

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any] | None) -> "ScannerConfig":
        """Build from a config section; missing keys keep their defaults.

        Values may be strings (as from an INI file). Unknown keys are ignored with a
        warning (the section may be shared with other settings); bad values raise
        ``ValueError`` naming the key.
        """
        mapping = dict(mapping or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(mapping) - known)
        if unknown:
            log.warning("scanner config: ignoring unknown keys %s", ", ".join(unknown))
        values: dict[str, Any] = {}
        if "port" in mapping:
            values["port"] = str(mapping["port"]).strip()
        if "baud" in mapping:
            raw = mapping["baud"]
            try:
                if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                    raise ValueError
                values["baud"] = int(str(raw).strip()) if isinstance(raw, str) else int(raw)
            except (TypeError, ValueError):
                raise ValueError(f"scanner baud must be a positive whole number, not {raw!r}") from None
        if "protocol" in mapping:
            values["protocol"] = str(mapping["protocol"]).strip().lower()
        for key in ("repeat_window", "confirm_window"):
            if key in mapping:
                values[key] = _seconds(key, mapping[key])
        return cls(**values)


def _seconds(key: str, raw: Any) -> float:
    try:
        if isinstance(raw, bool):
            raise ValueError
        return float(raw)
    except (TypeError, ValueError):
        raise ValueError(f"scanner {key} must be seconds, not {raw!r}") from None


class ScannerReader:
    """Reads a serial scanner in a background thread and reports scans.

    ``port`` is a device path or pyserial URL (``/dev/serial0``, ``/dev/ttyUSB0``, a path object,
    ``loop://``...), opened with ``serial.serial_for_url``; or an already constructed
    pyserial port object, which the reader then takes over (it is reopened with
    ``open()`` after an error and closed by ``stop()``) — that is how a test shares one
    ``loop://`` port between writer and reader.

    Callbacks, both called **on the reader thread** (hand them to the Kivy main thread):

    * ``on_tag(tag)`` once per scan (an RDM6300 tag once two identical frames came within
      ``confirm_window``; repeats within ``repeat_window`` are filtered);
    * ``on_status(code)`` when the connection changes: ``"connected"`` (first open),
      ``"disconnected"`` (the port could not be opened, or was lost), ``"reconnected"``
      (open again after a loss).

    While disconnected the reader retries every ``retry_seconds``. Nothing raises out of
    the thread: errors are logged and counted (see ``stats()``). Exceptions raised by the
    callbacks are logged and counted as ``callback_errors``.

    A port that stays present but goes silent (a module unplugged from the Pi's own UART)
    cannot be told apart from "no card"; only devices that vanish or fail (USB readers,
    ptys) produce "disconnected".
    """

    def __init__(
        self,
        port: str | os.PathLike[str] | serial.SerialBase = DEFAULT_PORT,
        baud: int = DEFAULT_BAUD,
        protocol: str = DEFAULT_PROTOCOL,
        *,
        on_tag: Callable[[str], Any],
        on_status: Callable[[str], Any] | None = None,
        repeat_window: float = DEFAULT_REPEAT_WINDOW,
        confirm_window: float = DEFAULT_CONFIRM_WINDOW,
        retry_seconds: float = DEFAULT_RETRY_SECONDS,
        read_timeout: float = DEFAULT_READ_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
        decoder: Decoder | None = None,
    ) -> None:
        if retry_seconds <= 0:
            raise ValueError("retry_seconds must be positive")
        is_name = isinstance(port, (str, os.PathLike))
        self._url: str | None = os.fspath(port) if is_name else None
        self._given_port = None if is_name else port
        self.baud = baud
        self.protocol = protocol
        self.decoder: Decoder = decoder if decoder is not None else make_decoder(protocol)
        rfid = protocol == "rdm6300"  # barcodes keep their own rule: one scan per run of a code
        self.confirmer: FrameConfirmer = (FrameConfirmer(confirm_window, clock) if rfid
                                          else LineConfirmer(clock=clock))
        self.repeat_filter: RepeatFilter | TagRateLimit = (
            TagRateLimit(repeat_window, clock) if rfid else RepeatFilter(repeat_window, clock))
        self.retry_seconds = retry_seconds
        self.read_timeout = read_timeout
        self._on_tag = on_tag
        self._on_status = on_status

        self._port: Any = None
        self._port_lock = threading.Lock()  # guards opening/closing against cancel_read
        self._stats_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ever_connected = False
        self._state: str | None = None  # None (not tried yet), "connected", "disconnected"
        self._counters = {
            "scans": 0,
            "unconfirmed": 0,
            "repeats": 0,
            "bytes": 0,
            "connects": 0,
            "disconnects": 0,
            "open_failures": 0,
            "read_errors": 0,
            "callback_errors": 0,
            "internal_errors": 0,
        }

    @classmethod
    def from_config(cls, config: ScannerConfig, **kwargs: Any) -> "ScannerReader":
        return cls(config.port, config.baud, config.protocol, repeat_window=config.repeat_window,
                   confirm_window=config.confirm_window, **kwargs)

    @property
    def port_name(self) -> str:
        if self._url is not None:
            return self._url
        return str(getattr(self._given_port, "port", self._given_port))

    @property
    def connected(self) -> bool:
        return self._state == STATUS_CONNECTED

    def is_alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> "ScannerReader":
        if self._thread is not None:
            raise RuntimeError("the scanner reader was already started")
        self._thread = threading.Thread(target=self._run, name="scanner-reader", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> bool:
        """Stop the thread and close the port. True when the thread has ended."""
        self._stop.set()
        with self._port_lock:
            port = self._port
            if port is not None:
                try:
                    port.cancel_read()
                except Exception:  # not supported, or already closed: the read timeout ends it
                    pass
        thread = self._thread
        if thread is None:
            self._close_port()
            return True
        if thread is threading.current_thread():
            return False  # called from a callback: the loop ends after it returns
        thread.join(timeout)
        return not thread.is_alive()

    def stats(self) -> dict[str, int]:
        with self._stats_lock:
            result = dict(self._counters)
        result.update(self.decoder.stats())
        return result

    # -- the reader thread ---------------------------------------------------------

    def _count(self, key: str, n: int = 1) -> None:
        with self._stats_lock:
            self._counters[key] += n

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                try:
                    if self._port is None and not self._connect():
                        self._stop.wait(self.retry_seconds)
                        continue
                    data = self._read_some()
                except Exception as exc:
                    if self._stop.is_set():
                        break
                    self._lost(exc)
                    self._stop.wait(self.retry_seconds)
                    continue
                if data:
                    self._handle(data)
        except BaseException:  # a bug in this module: never let it escape the thread
            self._count("internal_errors")
            log.exception("scanner reader stopped by an unexpected error")
        finally:
            self._close_port()

    def _open(self) -> Any:
        if self._given_port is not None:
            port = self._given_port
            if not port.is_open:
                port.open()
            port.timeout = self.read_timeout
            return port
        return serial.serial_for_url(self._url, baudrate=self.baud, timeout=self.read_timeout)

    def _connect(self) -> bool:
        try:
            port = self._open()
        except Exception as exc:
            self._count("open_failures")
            if self._state != STATUS_DISCONNECTED:
                log.warning("scanner: cannot open %s: %s; retrying every %.1f s", self.port_name, exc, self.retry_seconds)
                self._set_state(STATUS_DISCONNECTED, STATUS_DISCONNECTED)
            else:
                log.debug("scanner: still cannot open %s: %s", self.port_name, exc)
            return False
        with self._port_lock:
            self._port = port
        if self._stop.is_set():
            return False
        code = STATUS_RECONNECTED if self._ever_connected else STATUS_CONNECTED
        self._ever_connected = True
        self._count("connects")
        log.info("scanner: %s on %s", code, self.port_name)
        self._set_state(STATUS_CONNECTED, code)
        return True

    def _read_some(self) -> bytes:
        port = self._port
        waiting = port.in_waiting
        return port.read(min(max(waiting, 1), 4096))

    def _lost(self, exc: BaseException) -> None:
        self._count("read_errors")
        log.warning("scanner: lost %s: %s", self.port_name, exc)
        self._close_port()
        self.decoder.reset()
        if self.confirmer is not None:
            self.confirmer.reset()
        if self._state != STATUS_DISCONNECTED:
            self._count("disconnects")
            self._set_state(STATUS_DISCONNECTED, STATUS_DISCONNECTED)

    def _close_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
            if port is not None:
                try:
                    port.close()
                except Exception as exc:
                    log.debug("scanner: closing %s: %s", self.port_name, exc)

    def _handle(self, data: bytes) -> None:
        self._count("bytes", len(data))
        bad = _bad_frames(self.decoder)
        try:
            tags = self.decoder.feed(data)
        except Exception:
            self._count("internal_errors")
            log.exception("scanner: decoder failed; input dropped")
            self.decoder.reset()
            return
        if _bad_frames(self.decoder) > bad:
            self.confirmer.noisy()
        for tag in tags:
            if self._stop.is_set():
                return
            if not self.confirmer.confirm(tag):
                self._count("unconfirmed")
                continue
            if not self.repeat_filter.accept(tag):
                self._count("repeats")
                continue
            self._count("scans")
            self._call(self._on_tag, tag)

    def _set_state(self, state: str, code: str) -> None:
        self._state = state
        if self._on_status is not None:
            self._call(self._on_status, code)

    def _call(self, callback: Callable[[str], Any], value: str) -> None:
        try:
            callback(value)
        except Exception:
            self._count("callback_errors")
            log.exception("scanner: callback %r failed for %r", callback, value)
