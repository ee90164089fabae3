"""A tab's view of the browser's storage that hears other tabs' writes late, as Chromium's does."""

from mastermind.page.sync import MemoryStorage


class LateNews(MemoryStorage):
    """One tab's view of the browser's storage: its writes reach the shared `store` at once, but
    it reads what the store held when it last heard from it (:meth:`hear`), as a browser hands one
    tab's writes to the others a moment later (Chromium keeps a copy of the storage in each tab's
    process). Where two tabs' writes meet in `store`, the last one stays."""

    def __init__(self, store: MemoryStorage) -> None:
        super().__init__(store.items)
        self.store = store

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the DOM's names)
        super().setItem(key, value)
        self.store.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802 (the DOM's names)
        super().removeItem(key)
        self.store.removeItem(key)

    def hear(self) -> None:
        """The other tabs' writes arrive: this view holds what the store holds now."""
        self.items = dict(self.store.items)
