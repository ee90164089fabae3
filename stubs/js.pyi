"""The JavaScript globals the browser adapter uses, as MicroPython's ``js`` module gives them:
proxies of JavaScript objects, whose attributes no static type describes."""

from typing import Any

Array: Any
Blob: Any
Date: Any
Event: Any
FileReader: Any
JSON: Any
MessageChannel: Any
Object: Any
Promise: Any
Reflect: Any
TextDecoder: Any
URL: Any
Worker: Any
clearInterval: Any
console: Any
document: Any
fetch: Any
localStorage: Any
location: Any
navigator: Any
performance: Any
setInterval: Any
setTimeout: Any
window: Any
