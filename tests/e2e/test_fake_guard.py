"""The loopback guard: anything but 127.0.0.0/8, ::1 and localhost fails at once, before a packet.

Each test first checks the guard is installed, so a broken fixture can never let a real
connection attempt through.
"""

from __future__ import annotations

import asyncio
import socket
import time

import aiohttp
import discord
import pytest

from tests.fakediscord import LoopbackGuard, NetworkBlocked
from tests.fakediscord.guard import _is_loopback


@pytest.fixture
def guard(loopback_only: LoopbackGuard) -> LoopbackGuard:
    assert loopback_only.active
    assert socket.socket.connect is not socket.socket.__mro__[1].connect  # patched, not the C method
    yield loopback_only
    loopback_only.blocked.clear()  # the attempts below are deliberate


def test_connecting_to_a_private_address_fails_fast(guard: LoopbackGuard) -> None:
    start = time.monotonic()
    with pytest.raises(NetworkBlocked):
        socket.create_connection(("10.0.0.1", 443), timeout=5)  # stopped at its address lookup
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock, pytest.raises(NetworkBlocked):
        sock.connect(("10.0.0.1", 443))
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock, pytest.raises(NetworkBlocked):
        sock.sendto(b"x", ("10.0.0.1", 53))
    assert time.monotonic() - start < 0.1
    assert guard.blocked == ["resolve '10.0.0.1'", "connect ('10.0.0.1', 443)", "sendto ('10.0.0.1', 53)"]


def test_resolving_discord_fails_fast(guard: LoopbackGuard) -> None:
    for lookup in (socket.getaddrinfo, socket.gethostbyname):
        with pytest.raises(NetworkBlocked, match="discord.com"):
            lookup("discord.com", 443) if lookup is socket.getaddrinfo else lookup("discord.com")
    assert len(guard.blocked) == 2


async def test_asyncio_and_aiohttp_are_blocked(guard: LoopbackGuard) -> None:
    with pytest.raises(NetworkBlocked):
        await asyncio.open_connection("10.0.0.1", 443)
    with pytest.raises(NetworkBlocked):
        await asyncio.get_running_loop().getaddrinfo("gateway.discord.gg", 443)
    async with aiohttp.ClientSession() as session:
        with pytest.raises(NetworkBlocked):
            await session.get("https://discord.com/api/v10/gateway")
    assert len(guard.blocked) == 3


async def test_unpatched_discord_py_cannot_reach_discord(guard: LoopbackGuard) -> None:
    assert discord.http.Route.BASE == "https://discord.com/api/v10"  # no fake running in this test
    bot = discord.Client(intents=discord.Intents.none())
    try:
        with pytest.raises(NetworkBlocked):
            await bot.login("not-a-real-token")
    finally:
        await bot.close()
    assert guard.blocked == ["resolve 'discord.com'"]


async def test_loopback_still_works(guard: LoopbackGuard) -> None:
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(await reader.read(5))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        for host in ("127.0.0.1", "localhost"):
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(b"hello")
            assert await reader.read(5) == b"hello"
            writer.close()
    assert guard.blocked == []


def test_nested_guard_restores_the_outer_one(guard: LoopbackGuard) -> None:
    outer_connect = socket.socket.connect
    with LoopbackGuard() as inner:
        assert socket.socket.connect is not outer_connect
        with pytest.raises(NetworkBlocked):
            socket.getaddrinfo("example.org", 80)
    assert socket.socket.connect is outer_connect and inner.blocked == ["resolve 'example.org'"]
    assert guard.blocked == []  # the inner guard refused it first


@pytest.mark.parametrize(("host", "ok"), [
    ("127.0.0.1", True), ("127.8.9.10", True), ("::1", True), ("::ffff:127.0.0.1", True), ("localhost", True),
    (None, True), ("10.0.0.1", False), ("192.168.1.1", False), ("8.8.8.8", False), ("discord.com", False),
    ("::ffff:10.0.0.1", False), ("fe80::1%eth0", False),
])
def test_what_counts_as_loopback(host: str | None, ok: bool) -> None:
    assert _is_loopback(host) is ok
