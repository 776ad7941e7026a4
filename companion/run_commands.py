"""``bito run`` (camera + phone page on the LAN), ``bito demo`` (the same on the bundled rendered
video) and ``bito serve`` (the phone page and archive with no camera: the referee enters moves).
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import json
import logging
import secrets
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.archive import Archive, default_db_path
from companion.hub import Hub
from companion.session import LiveSession, TableSetup
from referee.cards import Card
from referee.errors import BitoError
from referee.moves import parse_seat
from referee.variants import find_variant

log = logging.getLogger(__name__)

DEMO_VIDEO = Path(__file__).parent / "data" / "demo_video"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("run", help="referee a real table: camera, phone page on the LAN, archive")
    p.add_argument("--source", required=True, help='camera: webcam index "0", video file, URL')
    _table_args(p)
    p.add_argument("--calibration", type=Path, help="table calibration file (zones, seats)")
    _server_args(p)
    p.set_defaults(handler=cmd_run)

    p = sub.add_parser("demo", help="the referee on the bundled rendered game video, phone page")
    p.add_argument("--video", type=Path, default=DEMO_VIDEO, help="a rendered game folder")
    p.add_argument("--speed", type=float, default=1.0, help="playback speed (1 = real time)")
    p.add_argument("--loop", action="store_true", help="start a new game when the video ends")
    _server_args(p, auto_accept=5.0)
    p.set_defaults(handler=cmd_demo)

    p = sub.add_parser("serve", help="the phone page and archive without a camera")
    _server_args(p)
    p.set_defaults(handler=cmd_serve)


def _table_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="podkidnoy")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--names", nargs="*", help="player names, clockwise from seat A")
    p.add_argument("--dealer", default="A", help="the dealer's seat letter (default A)")
    p.add_argument(
        "--trump", help="the trump card under the stock, e.g. 9h (or set it on the page)"
    )
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")


def _server_args(p: argparse.ArgumentParser, auto_accept: float | None = None) -> None:
    p.add_argument("--host", help="address to serve on and print (default: this machine's LAN IP)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--pin", help="the referee's PIN (default: 6 random digits, printed)")
    p.add_argument("--db", type=Path, help=f"archive file (default {default_db_path()})")
    p.add_argument(
        "--auto-accept",
        type=float,
        default=auto_accept,
        metavar="SECONDS",
        help="accept an unconfirmed uncertain move's best reading after this long "
        + (f"(default {auto_accept:g} s)" if auto_accept else "(default: never)"),
    )
    p.add_argument("--new-game", action="store_true", help="do not resume the archive's live game")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")


# --- network -----------------------------------------------------------------------------------


def lan_address() -> str:
    """This machine's address on the LAN: the source address of the default route when it is
    private (RFC 1918), else a private address of the host name, else the route's, else
    loopback. Nothing is sent (a UDP ``connect`` only picks the route)."""
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like the internet, never sent
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            candidates.append(str(info[4][0]))
    except OSError:
        pass
    return choose_address(candidates)


def choose_address(candidates: list[str]) -> str:
    """The first private (RFC 1918) address, else the first non-loopback one, else loopback."""
    private = [
        ipaddress.ip_network("10.0.0.0/8"),
        ipaddress.ip_network("172.16.0.0/12"),
        ipaddress.ip_network("192.168.0.0/16"),
    ]
    parsed = []
    for text in candidates:
        try:
            parsed.append(ipaddress.ip_address(text))
        except ValueError:
            continue
    for address in parsed:
        if any(address in net for net in private):
            return str(address)
    for address in parsed:
        if not address.is_loopback and not address.is_unspecified:
            return str(address)
    return "127.0.0.1"


def print_banner(url: str, pin: str, qr: bool) -> None:
    print(f"Bito is serving the table at {url}")
    print(f"  spectators: {url}/")
    print(f"  referee:    {url}/?pin={pin}   (PIN {pin})")
    print(f"  past games: {url}/archive")
    if qr:
        import segno

        print("Scan with a phone on the same Wi-Fi:")
        segno.make(f"{url}/", error="m").terminal(compact=True)
    sys.stdout.flush()


# --- the server --------------------------------------------------------------------------------


def open_session(args: argparse.Namespace) -> LiveSession:
    db = args.db or default_db_path()
    archive = Archive(db)
    log.info("archive: %s", db)
    kwargs: dict[str, Any] = {"auto_accept_after": args.auto_accept}
    if args.new_game:
        return LiveSession(Hub(), archive, **kwargs)
    return LiveSession.resume(archive, Hub(), **kwargs)


def serve(
    args: argparse.Namespace,
    session: LiveSession,
    worker: Callable[[threading.Event], None] | None = None,
) -> int:
    import uvicorn

    from companion.server import ServerSettings, create_app

    pin = args.pin or f"{secrets.randbelow(10**6):06d}"
    if not (pin.isdigit() and 4 <= len(pin) <= 12):
        print("bito: --pin must be 4 to 12 digits", file=sys.stderr)
        return 2
    app = create_app(ServerSettings(pin=pin), session, worker=worker)
    bind = args.host or "0.0.0.0"
    shown = args.host or lan_address()
    print_banner(f"http://{shown}:{args.port}", pin, not args.no_qr)
    uvicorn.run(app, host=bind, port=args.port, log_level="warning")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    return serve(args, open_session(args))


def table_setup(args: argparse.Namespace) -> TableSetup:
    from companion.referee_commands import parse_options

    names = tuple(args.names or ())
    if names and len(names) != args.players:
        raise SystemExit(f"bito: {len(names)} names for {args.players} players")
    names = names or tuple(f"Player {chr(65 + i)}" for i in range(args.players))
    return TableSetup(
        variant=args.variant,
        options=parse_options(args.option),
        names=names,
        dealer=parse_seat(args.dealer),
        trump_card=Card.parse(args.trump) if args.trump else None,
    )


def cmd_run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    session = open_session(args)
    table = table_setup(args)
    table.rules()  # an unknown variant or option: say so now
    worker = camera_worker(session, args.source, args.calibration, table=table, realtime=False)
    return serve(args, session, worker)


# --- the camera worker -------------------------------------------------------------------------


def camera_worker(
    session: LiveSession,
    spec: str,
    calibration: Path | None,
    *,
    table: TableSetup | None = None,
    realtime: bool,
    speed: float = 1.0,
    on_end: Callable[[], bool] | None = None,
) -> Callable[[threading.Event], None]:
    """The camera chain in a thread: frames -> pipeline -> the session's moves and image.

    With no game set up yet, ``table`` is the game to start: as soon as the camera has found
    the trump card under the stock (or at once when the variant needs none). ``realtime``
    paces a video file at its own frame times (``speed`` times faster), as a camera would
    deliver it. ``on_end`` is called when a file ends: True plays it again."""

    def start_game(trump: Card | None) -> None:
        if table is None or session.record is not None:
            return
        try:
            session.setup(dataclasses.replace(table, trump_card=table.trump_card or trump))
        except BitoError as exc:
            if trump is not None:
                log.warning("cannot start the game with trump %s: %s", trump, exc)

    def run(stop: threading.Event) -> None:
        from vision.capture import open_source
        from vision.pipeline import Pipeline

        start_game(None)
        while not stop.is_set():
            record = session.record
            if record is not None:
                rules, players = record.header.rules(), len(record.header.players)
            elif table is not None:
                rules = find_variant(table.variant).configure(table.options)
                players = len(table.names)
            else:  # the referee sets the game up on the page
                stop.wait(0.5)
                continue
            pipeline = Pipeline(rules, players, calibration=calibration)
            if record is not None and record.header.trump_card is not None:
                pipeline.trump_card = record.header.trump_card  # known: no need to look for it
            source = open_source(spec, on_event=session.camera_event)
            started = time.monotonic()
            game = session.game_id
            try:
                for frame in source:
                    if stop.is_set() or session.game_id != game:
                        break
                    if realtime:
                        wait = started + frame.time / speed - time.monotonic()
                        if wait > 0 and stop.wait(wait):
                            break
                    state = session.pipeline_state()
                    report = pipeline.process(frame, state)
                    session.show_frame(frame.image, report.cards, report.occluded)
                    if report.trump_card is not None:
                        session.revise_trump(report.trump_card)
                    for old, new in report.corrections:
                        session.reread(old, new)
                    for move in report.played_on:
                        session.played_on(move)
                    for observed in report.observed:
                        session.observe(observed)
                    if state is None and pipeline.trump_card is not None:
                        start_game(pipeline.trump_card)
                        game = session.game_id
            except Exception:
                log.exception("camera chain failed; the game is kept, the camera restarts")
                stop.wait(2.0)
                continue
            finally:
                source.close()
            if stop.is_set() or session.game_id != game:
                continue
            if on_end is None or not on_end():
                log.info("the video has ended")
                return

    return run


# --- demo --------------------------------------------------------------------------------------


def demo_setup(folder: Path) -> tuple[TableSetup, Path, Path | None]:
    """The table of a rendered game folder (its ``meta.json``: variant, options, players,
    names, dealer), its video, and the seating a person would give Bito once at a real table
    (who sits where, from ``meta.json``'s seats: the camera cannot know which player is A)."""
    meta_path = folder / "meta.json"
    video = folder / "video.mp4"
    if not meta_path.exists() or not video.exists():
        raise FileNotFoundError(
            f"no rendered demo game in {folder} (meta.json and video.mp4 are needed)"
        )
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    players = int(meta["players"])
    names = tuple(meta.get("names") or (f"Player {chr(65 + i)}" for i in range(players)))
    dealer = meta.get("dealer", 0)
    trump = meta.get("trump_card") or meta.get("trump")
    own = folder / "calibration.json"
    calibration = own if own.exists() else None
    if calibration is None and meta.get("seats") and meta.get("size"):
        calibration = Path(tempfile.mkdtemp(prefix="bito-demo-")) / "calibration.json"
        seating = {"size": meta["size"], "seats": meta["seats"]}
        calibration.write_text(json.dumps(seating), encoding="utf-8")
    table = TableSetup(
        variant=str(meta["variant"]),
        options={str(k): str(v) for k, v in (meta.get("options") or {}).items()},
        names=names,
        dealer=parse_seat(dealer) if isinstance(dealer, str) else int(dealer),
        trump_card=Card.parse(trump) if trump else None,
    )
    return table, video, calibration


def cmd_demo(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    table, video, calibration = demo_setup(args.video)
    args.new_game = True
    session = open_session(args)

    def again() -> bool:
        if args.loop:
            session.close_game()  # the camera finds the trump card again and starts anew
        return bool(args.loop)

    worker = camera_worker(
        session,
        str(video),
        calibration,
        table=table,
        realtime=True,
        speed=args.speed,
        on_end=again,
    )
    return serve(args, session, worker)
