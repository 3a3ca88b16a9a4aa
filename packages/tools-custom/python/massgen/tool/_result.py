"""Tool results in upstream MassGen's shape, so its tool files run unchanged under MassGen-TS."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import List, Optional, Union


def _result_id():
    return datetime.now().strftime("%Y%m%d_%H%M%S_%f")


@dataclass
class ContentBlock:
    """One piece of a result: `block_type` says how to read `data`."""

    block_type: str
    data: str


class TextContent(ContentBlock):
    def __init__(self, data):
        super().__init__(block_type="text", data=data)


class ImageContent(ContentBlock):
    def __init__(self, data):
        super().__init__(block_type="image", data=data)


class AudioContent(ContentBlock):
    def __init__(self, data):
        super().__init__(block_type="audio", data=data)


@dataclass
class ExecutionResult:
    """What a tool returns: its output blocks, and flags MassGen-TS reads only for the text."""

    output_blocks: List[Union[TextContent, ImageContent, AudioContent]]
    meta_info: Optional[dict] = None
    is_streaming: bool = False
    is_final: bool = True
    is_log: bool = False
    was_interrupted: bool = False
    result_id: str = field(default_factory=_result_id)
