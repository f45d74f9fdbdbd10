"""Every setting of the bot in one place: the environment, then `.env`, then the defaults.

    from settings import load_settings
    settings = load_settings()        # SystemExit with one clear line per bad value

See .env.example and the README for what each one means.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
SyncLevel = Literal["NORMAL", "FULL", "EXTRA"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True,
                                      extra="ignore", frozen=True, populate_by_name=True)

    token: str | None = Field(None, validation_alias="DISCORD_TOKEN")
    # A SQLite file path, or postgresql://user:password@host:port/database for several processes.
    db: str = Field("arbiter.db", validation_alias="ARBITER_DB")
    guild_id: int | None = Field(None, validation_alias="ARBITER_GUILD_ID", ge=0)
    log_level: LogLevel = Field("INFO", validation_alias="LOG_LEVEL")
    sync: SyncLevel = Field("NORMAL", validation_alias="ARBITER_SYNC")  # SQLite only
    render_workers: int | None = Field(None, validation_alias="ARBITER_RENDER_WORKERS", ge=0)
    # Cluster mode: this process runs `shards` out of `shard_count` (None: one process, all shards).
    shards: Annotated[tuple[int, ...] | None, NoDecode] = Field(None, validation_alias="ARBITER_SHARDS")
    shard_count: int | None = Field(None, validation_alias="ARBITER_SHARD_COUNT", ge=1)

    @field_validator("log_level", "sync", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("token", "db", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        return value.strip() if isinstance(value, str) else value

    @field_validator("shards", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """"0,1" or "0 1" as (0, 1)."""
        if isinstance(value, str):
            parts = value.replace(",", " ").split()
            if not all(p.isdigit() for p in parts):
                raise ValueError(f"must be shard numbers separated by commas, like 0,1 (not {value!r})")
            return tuple(int(p) for p in parts)
        return value

    @model_validator(mode="after")
    def _cluster(self) -> Settings:
        if self.shards is not None:
            if self.shard_count is None:
                raise ValueError("ARBITER_SHARDS needs ARBITER_SHARD_COUNT (how many shards there are in all)")
            if not self.shards or len(set(self.shards)) != len(self.shards):
                raise ValueError("ARBITER_SHARDS must name each shard once")
            if max(self.shards) >= self.shard_count:
                raise ValueError(f"shard numbers run from 0 to {self.shard_count - 1} "
                                 f"when ARBITER_SHARD_COUNT is {self.shard_count}")
            if len(self.shards) < self.shard_count and not self.postgres:
                raise ValueError("a process that runs only some of the shards shares its games with the other "
                                 "processes: set ARBITER_DB to a postgresql:// URL (SQLite is for one process)")
        return self

    @property
    def postgres(self) -> bool:
        return self.db.startswith(("postgresql://", "postgres://"))

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def syncs_commands(self) -> bool:
        """Slash commands are registered by one process only: the one with shard 0 (or the only one)."""
        return self.shards is None or 0 in self.shards


def load_settings(dotenv: Path | None = Path(".env"), **overrides: object) -> Settings:
    """The settings, from the environment (which wins), `dotenv` and `overrides` (command-line
    flags, which win over both). A bad value ends the program with a sentence naming it."""
    try:
        return Settings(_env_file=dotenv, **{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        raise SystemExit("Bad setting: " + "; ".join(_sentence(e) for e in exc.errors())) from None


def _sentence(error: dict) -> str:
    fields = Settings.model_fields
    name = next((f.validation_alias for key, f in fields.items() if key in error["loc"] or f.validation_alias
                 in error["loc"]), None)
    message = error["msg"].removeprefix("Value error, ")
    return f"{name} {message}" if name else message
