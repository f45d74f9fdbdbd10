"""Loopback-only networking for tests: any other connection or DNS lookup raises at once.

    with LoopbackGuard() as guard:   # or the autouse fixture in tests/e2e/conftest.py
        ...
    assert not guard.blocked

Checks happen before the real call, so a blocked address never sees a packet.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

_LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


class NetworkBlocked(RuntimeError):
    """A test tried to reach something other than this machine's loopback."""


def _is_loopback(host: Any) -> bool:
    if host is None or host == "":
        return True  # getaddrinfo(None, port) resolves to loopback; bind('') stays local
    if isinstance(host, bytes):
        host = host.decode()
    host = str(host).split("%", 1)[0]
    if host.lower() in _LOCAL_NAMES:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False  # any other name would need a DNS lookup
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


class LoopbackGuard:
    """Patches socket connect/connect_ex/sendto and the resolver functions while active."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self._saved: dict[tuple[Any, str], Any] = {}

    @property
    def active(self) -> bool:
        return bool(self._saved)

    def _refuse(self, what: str) -> None:
        self.blocked.append(what)
        raise NetworkBlocked(f"blocked non-loopback network access: {what}")

    def _check_address(self, sock: socket.socket, address: Any, verb: str) -> None:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address[0]):
            self._refuse(f"{verb} {address!r}")

    def __enter__(self) -> LoopbackGuard:
        guard = self
        real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
        real_sendto, real_getaddrinfo = socket.socket.sendto, socket.getaddrinfo
        real_byname, real_byname_ex = socket.gethostbyname, socket.gethostbyname_ex

        def connect(self: socket.socket, address: Any) -> Any:
            guard._check_address(self, address, "connect")
            return real_connect(self, address)

        def connect_ex(self: socket.socket, address: Any) -> Any:
            guard._check_address(self, address, "connect")
            return real_connect_ex(self, address)

        def sendto(self: socket.socket, data: Any, *args: Any) -> Any:
            guard._check_address(self, args[-1], "sendto")
            return real_sendto(self, data, *args)

        def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            if not _is_loopback(host):
                guard._refuse(f"resolve {host!r}")
            return real_getaddrinfo(host, *args, **kwargs)

        def gethostbyname(host: str) -> Any:
            if not _is_loopback(host):
                guard._refuse(f"resolve {host!r}")
            return real_byname(host)

        def gethostbyname_ex(host: str) -> Any:
            if not _is_loopback(host):
                guard._refuse(f"resolve {host!r}")
            return real_byname_ex(host)

        for owner, name, value in [(socket.socket, "connect", connect), (socket.socket, "connect_ex", connect_ex),
                                   (socket.socket, "sendto", sendto), (socket, "getaddrinfo", getaddrinfo),
                                   (socket, "gethostbyname", gethostbyname),
                                   (socket, "gethostbyname_ex", gethostbyname_ex)]:
            self._saved[(owner, name)] = owner.__dict__.get(name, _MISSING)
            setattr(owner, name, value)
        return self

    def __exit__(self, *exc: Any) -> None:
        for (owner, name), value in self._saved.items():
            if value is _MISSING:
                delattr(owner, name)  # socket.socket inherits these from _socket.socket
            else:
                setattr(owner, name, value)
        self._saved.clear()


_MISSING = object()
