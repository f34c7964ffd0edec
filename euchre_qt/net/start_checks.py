"""Why a table server cannot start, in plain words: each check of what ``euchre-qt serve``
was given (its certificate, its folder for saved tables, the address and port it listens
on) says in one sentence what is wrong and names it; the system's own words go to the
log, for ``--verbose``."""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import socket
import ssl
from collections.abc import Awaitable
from pathlib import Path

log = logging.getLogger("euchre_qt.net")


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_network(text: str) -> Network:
    """``--trusted-proxy``'s address (``127.0.0.1``, ``::1``) or network (``10.0.0.0/8``, a
    balancer's subnet): the peers whose ``X-Forwarded-For`` is believed."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ValueError(
            f"--trusted-proxy must be an IP address or network, such as 127.0.0.1 or 10.0.0.0/8: {text} is neither"
        ) from None


def is_trusted(peer: str, proxies: tuple[Network, ...]) -> bool:
    """Whether the peer address ``peer`` lies in one of ``proxies`` (an IPv4 address a dual-stack
    socket shows as ``::ffff:10.0.0.5`` too)."""
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return any(address in network or (mapped is not None and mapped in network) for network in proxies)


class StartError(Exception):
    """Why the server cannot start, as one plain sentence (the detail goes to the log)."""


def _refuse(sentence: str, detail: object) -> StartError:
    """The plain sentence for a person; the system's own words in the log, for ``--verbose``."""
    log.debug("cannot start: %s (%s)", sentence, detail)
    return StartError(sentence)


def _readable(path: Path, what: str) -> None:
    try:
        path.open("rb").close()
    except FileNotFoundError as exc:
        raise _refuse(f"The {what} {path} cannot be found.", exc) from None
    except IsADirectoryError as exc:
        raise _refuse(f"The {what} {path} cannot be used: it is a folder.", exc) from None
    except PermissionError as exc:
        raise _refuse(f"The {what} {path} cannot be read: this user may not read it.", exc) from None
    except OSError as exc:
        raise _refuse(f"The {what} {path} cannot be read.", exc) from None


class _PassphraseAsked(Exception):
    """The key is protected by a passphrase."""


def _no_passphrase() -> str:
    raise _PassphraseAsked


def tls_context(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """The server's TLS context for ``--certfile`` (and ``--keyfile``); ``StartError`` in plain
    words if either file cannot be used."""
    if certfile is None:
        return None
    _readable(certfile, "certificate file")
    if keyfile is not None:
        _readable(keyfile, "key file")
    try:  # a certificate at all? (its key is not looked for here)
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_verify_locations(cafile=certfile)
    except (ssl.SSLError, OSError, ValueError) as exc:
        held = "a certificate" if keyfile is not None else "a certificate and key"
        raise _refuse(f"The certificate file {certfile} cannot be used: it is not {held} in PEM form.", exc) from None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        # no prompt: OpenSSL would ask for a protected key's passphrase on the terminal, and a
        # server started by a service manager would wait there for ever
        context.load_cert_chain(certfile, keyfile, password=_no_passphrase)
    except _PassphraseAsked:
        where = keyfile or certfile
        raise _refuse(
            f"The key in {where} is protected by a passphrase, which the server does not ask for: "
            f"give it the key without one (openssl pkey -in {where} -out key.pem).",
            "a passphrase was asked for",
        ) from None
    except (ssl.SSLError, OSError, ValueError) as exc:
        if keyfile is None:
            sentence = (
                f"The certificate file {certfile} cannot be used: it holds no private key; give its key with --keyfile."
            )
        elif isinstance(exc, ssl.SSLError) and exc.reason == "KEY_VALUES_MISMATCH":
            sentence = f"The key file {keyfile} cannot be used: it is not the key of the certificate in {certfile}."
        else:
            sentence = f"The key file {keyfile} cannot be used: it is not a private key in PEM form."
        raise _refuse(sentence, exc) from None
    return context


def prepare_save_dir(folder: Path) -> None:
    """Make the folder for saved tables (``--save-dir``), or say in plain words why it cannot be."""
    name = f"The folder for saved tables, {folder},"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:
        raise _refuse(f"{name} cannot be used: it is a file.", exc) from None
    except NotADirectoryError as exc:
        blocking = next((p for p in reversed(folder.parents) if p.exists() and not p.is_dir()), None)
        where = f"{blocking} is a file" if blocking is not None else "a folder on its way is a file"
        raise _refuse(f"{name} cannot be made: {where}.", exc) from None
    except PermissionError as exc:
        raise _refuse(f"{name} cannot be made: this user may not write there.", exc) from None
    except OSError as exc:
        raise _refuse(f"{name} cannot be made.", exc) from None
    if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
        raise _refuse(f"{name} cannot be used: this user may not write there.", "os.access")


async def listen(opening: Awaitable[int], host: str, port: int, option: str, host_option: str) -> int:
    """The port ``opening`` listens on, or ``StartError`` in plain words: the address unknown,
    the port taken ..."""
    which = "" if host_option == "--host" else f" (given to {host_option})"
    try:
        return await opening
    except (socket.gaierror, UnicodeError) as exc:  # (a name too long for the IDNA codec is a UnicodeError)
        raise _refuse(f"The address {host}{which} cannot be found.", exc) from None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            sentence = (
                f"Port {port} is already in use on this computer: another server may be running;"
                f" choose another with {option}."
            )
        elif exc.errno == errno.EACCES:
            below = " (ports below 1024 need an administrator)" if port < 1024 else ""
            sentence = (
                f"Port {port} cannot be used: this user may not listen on it{below}; choose another with {option}."
            )
        elif exc.errno == errno.EADDRNOTAVAIL:
            sentence = f"The address {host}{which} is not one of this computer's addresses."
        else:
            sentence = f"The server cannot listen on {host} port {port}."
        raise _refuse(sentence, exc) from None
