"""Pyodide's bridges between Python and JavaScript, as far as the browser adapter uses them."""

from collections.abc import Callable
from typing import Any

class JsException(Exception):
    """A JavaScript error raised into Python."""

class JsProxy:
    """A JavaScript object seen from Python."""

    def __getattr__(self, name: str) -> Any: ...

def create_proxy(obj: Callable[..., Any]) -> JsProxy: ...
def create_once_callable(obj: Callable[..., Any]) -> JsProxy: ...
def to_js(obj: object, *, dict_converter: Callable[..., Any] | None = None, **options: Any) -> Any: ...
