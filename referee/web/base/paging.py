"""Long lists shown a page at a time: which page was asked for, and that page's window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, select

from referee.web.base.extensions import db
from referee.web.base.inputs import page_number


@dataclass(frozen=True)
class Paging:
    """Page ``number`` of ``pages``, ``size`` rows each, of ``total`` rows."""

    number: int
    pages: int
    total: int
    size: int

    def window(self, query: Select[Any]) -> Select[Any]:
        """``query`` (already ordered) cut to this page's rows."""
        return query.limit(self.size).offset((self.number - 1) * self.size)


def paging(query: Select[Any], raw_page: str | None, size: int) -> Paging:
    """The page asked for (``raw_page``, from the request) of ``query``'s rows, counted
    with one query and kept between the first page and the last."""
    total = db.session.scalar(select(func.count()).select_from(query.subquery())) or 0
    pages = max(1, -(-total // size))
    return Paging(page_number(raw_page, pages), pages, total, size)
