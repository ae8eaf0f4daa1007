"""Native notifications that a response segment changed, switched on only while a wait is
long: each notification crosses two watchdog threads that take the interpreter lock from the
reader, which slows down the quick answers the reader gets by spinning. watchdog is imported
on first use, so processes that only poll (the CLI) never load it.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any


def _not_a_stop_race(record: Any) -> bool:
    """Drops watchdog's complaint that a change came in while a watch was being switched
    off: that change is not wanted, and the complaint would reach the user's stderr."""
    return "called when the thread is inactive" not in record.getMessage()


class ChangeWatch:
    """Sets ``wake`` when a ``resp*`` file in ``folder`` is written, made or deleted, between
    :meth:`on` and :meth:`off`."""

    def __init__(self, folder: Path, wake: threading.Event) -> None:
        import logging

        from watchdog.events import (
            FileCreatedEvent,
            FileDeletedEvent,
            FileModifiedEvent,
            FileSystemEvent,
            FileSystemEventHandler,
        )
        from watchdog.observers import Observer

        class WakeOnChange(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if Path(str(event.src_path)).name.startswith("resp"):
                    wake.set()

        logging.getLogger("watchdog.observers.inotify").addFilter(_not_a_stop_race)
        self._folder = str(folder)
        self._handler = WakeOnChange()
        # Writes and new or deleted files only: the reader's own opens and closes are noise.
        self._changes = [FileModifiedEvent, FileCreatedEvent, FileDeletedEvent]
        self._watch: Any = None
        self._observer = Observer()
        self._observer.daemon = True
        self._observer.start()

    def on(self) -> None:
        if self._watch is None:
            self._watch = self._observer.schedule(
                self._handler, self._folder, event_filter=self._changes
            )

    def off(self) -> None:
        if self._watch is not None:
            self._observer.unschedule(self._watch)
            self._watch = None

    def close(self) -> None:
        self._observer.stop()
        self._observer.join(timeout=2)
