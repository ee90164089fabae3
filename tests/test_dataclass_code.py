"""static/dataclass_code.py: dataclasses made from methods compiled beforehand are the same
classes, a text not compiled beforehand is compiled as before, and another Python's data is not
used."""

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "static"))
import dataclass_code

POINT = """
from dataclasses import dataclass, field

@dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 0
    tags: tuple = field(default=(), compare=False)
"""

OTHER = """
from dataclasses import dataclass

@dataclass
class Other:
    name: str
"""


def define(source):
    namespace = {}
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace


@pytest.fixture(autouse=True)
def uninstalled():
    dataclass_code.compiled_here.clear()
    yield
    if hasattr(dataclasses, "exec"):
        del dataclasses.exec
    dataclass_code.compiled_here.clear()


def test_a_class_made_from_the_recorded_code_behaves_as_one_made_as_usual():
    usual = define(POINT)["Point"]
    data = dataclass_code.record(lambda: define(POINT))
    dataclass_code.install(data)
    cached = define(POINT)["Point"]
    assert dataclass_code.compiled_here == []
    for cls in (usual, cached):
        point = cls(1, tags=("a",))
        assert repr(point) == f"{cls.__qualname__}(x=1, y=0, tags=('a',))"
        assert point == cls(1, 0) and point < cls(2) and hash(point) == hash(cls(1))
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 2
        assert cls.__init__.__qualname__ == "Point.__init__"


def test_a_text_not_recorded_is_compiled_there_and_then():
    dataclass_code.install(dataclass_code.record(lambda: define(POINT)))
    other = define(OTHER)["Other"]
    assert other("a") == other("a") and repr(other("b")) == "Other(name='b')"
    # One text per class from Python 3.13, one per method before.
    assert any("__init__(self,name" in text.replace(" ", "") for text in dataclass_code.compiled_here)


def test_the_same_classes_record_the_same_bytes():
    assert dataclass_code.record(lambda: define(POINT)) == dataclass_code.record(lambda: define(POINT))


def test_recording_leaves_dataclasses_as_it_was():
    dataclass_code.record(lambda: define(POINT))
    assert not hasattr(dataclasses, "exec")


def test_another_python_s_bytecode_is_left_unused():
    data = dataclass_code.record(lambda: define(POINT))
    dataclass_code.install(b"\0\0\r\n" + data[4:])
    assert not hasattr(dataclasses, "exec")
    assert define(POINT)["Point"](3).x == 3
