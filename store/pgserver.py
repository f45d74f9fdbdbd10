"""A throwaway PostgreSQL server on 127.0.0.1, for the tests and the benchmarks.

It needs PostgreSQL's server binaries (Debian: the postgresql package puts them in
/usr/lib/postgresql/<major>/bin). A fresh data directory in a temporary folder, a free port,
trust authentication for 127.0.0.1 only, no fsync (nothing here must survive a power cut); it
is stopped and deleted by stop(). PostgreSQL refuses to run as root, so as root the server runs
as the `postgres` user (runuser) with a data directory that user owns.

    server = PgServer.start()          # or None from find_binaries() when PostgreSQL is missing
    url = server.url("mydb")           # postgresql://arbiter@127.0.0.1:PORT/mydb (created on demand)
    server.stop()
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "arbiter"  # the database superuser the server is created with


def find_binaries() -> Path | None:
    """The newest PostgreSQL bin folder with initdb, pg_ctl and postgres in it, if any."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    if shutil.which("pg_ctl") and shutil.which("initdb"):
        candidates.append(str(Path(shutil.which("pg_ctl")).parent))
    for folder in candidates:
        if all((Path(folder) / b).exists() for b in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self, bin_dir: Path, home: Path, port: int, as_user: str | None):
        self.bin_dir, self.home, self.port, self._as = bin_dir, home, port, as_user
        self._made: set[str] = set()

    @classmethod
    def start(cls, bin_dir: Path | None = None, *, fsync: bool = False, synchronous_commit: bool = False
              ) -> PgServer:
        """fsync=True flushes data files like a real server (benchmarks); synchronous_commit=True
        also waits for the WAL flush at each commit."""
        bin_dir = bin_dir or find_binaries()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL's server binaries (initdb, pg_ctl) were not found")
        home = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
        as_user = "postgres" if os.geteuid() == 0 else None
        if as_user:
            entry = pwd.getpwnam(as_user)
            os.chown(home, entry.pw_uid, entry.pw_gid)
        server = cls(bin_dir, home, free_port(), as_user)
        try:
            server._run("initdb", "-D", str(home / "data"), "-U", USER, "-A", "trust", "-E", "UTF8",
                        "--no-sync", "--locale=C")
            options = (f"-h 127.0.0.1 -p {server.port} -k {home} -c max_connections=400"
                       f" -c shared_buffers=64MB -c fsync={'on' if fsync else 'off'}"
                       f" -c synchronous_commit={'on' if synchronous_commit else 'off'}"
                       f" -c full_page_writes={'on' if fsync else 'off'}")
            server._run("pg_ctl", "-D", str(home / "data"), "-o", options, "-l", str(home / "log"),
                        "-w", "-t", "60", "start")
        except BaseException:
            shutil.rmtree(home, ignore_errors=True)
            raise
        return server

    def _run(self, binary: str, *args: str) -> None:
        command = [str(self.bin_dir / binary), *args]
        if self._as:
            command = ["runuser", "-u", self._as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.home, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{binary} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")

    def url(self, database: str = "postgres", **settings: str) -> str:
        """A connection URL; a database other than postgres is created the first time it is
        named. Extra settings become server settings of each connection (e.g. search_path)."""
        if database != "postgres" and database not in self._made:
            self.sql(f'CREATE DATABASE "{database}"')
            self._made.add(database)
        tail = "&".join(f"{k}={v}" for k, v in settings.items())
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}" + (f"?{tail}" if tail else "")

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement with psql (set-up work outside the event loop)."""
        done = subprocess.run([str(self.bin_dir / "psql"), "-X", "-q", "-t", "-A", "-h", "127.0.0.1",
                               "-p", str(self.port), "-U", USER, "-d", database, "-c", statement],
                              capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr.strip()}")
        return done.stdout.strip()

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.home / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.home, ignore_errors=True)
