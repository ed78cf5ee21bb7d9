# mypy: disable-error-code="import-untyped"
"""Validation on a Dask cluster: many files, one large file split into byte ranges (move
lists), or a Parquet dataset, on a ``distributed`` cluster (``pip install
renju-referee[dask]``).

The same code runs on one laptop and on many machines: give a ``distributed.Client``
(of a ``LocalCluster``, or connected to a scheduler's address), or the address itself
(``"tcp://scheduler:8786"``), or nothing to use the current client. Every worker needs
renju installed and must see the files at the same paths (a local disk on one machine,
a shared file system on many).

Each part is validated on a worker by the Rust core (in parallel on the worker's cores,
without the GIL). The parts' reports are then merged in input order (an earlier part
with the later one, as ``Report.merge`` requires): the merged summary, and the findings
of every part with the ``duplicate-id`` findings an earlier part causes, are exactly
what one run over the whole input gives (``renju.validate``, ``renju validate``). The
findings come back as a Dask DataFrame (one partition per part, the columns of
``Report.findings_table()``), ready for ``.to_parquet()``; the summary as a
``renju.Summary``.

On a machine of N cores, N worker processes of one thread each give the most
throughput; set ``RAYON_NUM_THREADS=1`` in their environment (``LocalCluster(...,
env={"RAYON_NUM_THREADS": "1"})``) so that each validates on one core.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

import renju


def _require_dask() -> None:
    """Raises ImportError, saying which extra to install, when Dask is missing."""
    try:
        import dask.dataframe  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as e:  # pragma: no cover - the tests install the extra
        raise ImportError(
            "renju.dask needs Dask: pip install 'renju-referee[dask]' "
            f"(dask[dataframe,distributed], pyarrow, pandas); {e}"
        ) from e


# The module imports without Dask (so that its reference can be generated anywhere);
# its functions then raise ImportError naming the extra to install.

if TYPE_CHECKING:
    import dask.dataframe
    import distributed
    import pandas

__all__ = ["DaskReport", "validate_files", "validate_parquet", "findings_meta"]

Path = Union[str, "os.PathLike[str]"]
ClientLike = Union["distributed.Client", str, None]

#: Bytes of a move-list file per part (a part is cut at a line end).
PART_BYTES = 16 << 20
#: Rows of a Parquet file per part (whole row groups).
PART_ROWS = 250_000


@dataclass(frozen=True)
class DaskReport:
    """What a validation on the cluster gives: the merged summary and the findings."""

    summary: renju.Summary
    """The totals over every game of the input, as one run over it gives them."""
    findings: dask.dataframe.DataFrame
    """One row per finding (the columns of ``Report.findings_table()``), one partition
    per part, in input order."""
    parts: int
    """The number of parts the input was validated in."""
    client: distributed.Client
    """The client it ran with (the findings' partitions are held by its cluster)."""

    def __repr__(self) -> str:
        s = self.summary
        return (f"<DaskReport {self.parts} parts: {s.games} games, {s.errors} errors, "
                f"{s.warnings} warnings>")


def _register_sizes() -> None:
    """Tells Dask how big a report is (a game report takes about 200 bytes): the
    scheduler then runs the tasks that read a part's report on the worker that has it,
    and does not move it to balance the work."""
    from dask.sizeof import sizeof

    def report_size(report: renju.Report) -> int:
        return 200 * len(report) + 1_000

    sizeof.register(renju.Report)(report_size)  # type: ignore[no-untyped-call]


try:
    _register_sizes()
except ImportError:  # pragma: no cover - without Dask, each function says what to install
    pass


def _client(client: ClientLike) -> distributed.Client:
    """The client to use: the one given, one connected to an address, or the current."""
    _require_dask()
    import distributed

    if isinstance(client, distributed.Client):
        return client
    if isinstance(client, str):
        return distributed.Client(client)  # type: ignore[no-untyped-call]
    try:
        return distributed.get_client()
    except ValueError:
        raise ValueError(
            "no Dask client: pass client= (a distributed.Client, e.g. of a "
            "LocalCluster, or a scheduler address such as 'tcp://host:8786'), or create "
            "a Client first"
        ) from None


def _to_pandas(table: renju.ArrowTable) -> pandas.DataFrame:
    """An Arrow table as a pandas DataFrame of Arrow-backed columns, whose types do not
    change with the data (a null in an integer column stays an integer column)."""
    import pandas as pd
    import pyarrow as pa

    frame: pandas.DataFrame = pa.table(table).to_pandas(types_mapper=pd.ArrowDtype)
    return frame


def findings_meta() -> pandas.DataFrame:
    """An empty findings DataFrame with the columns and types of the partitions."""
    _require_dask()
    return _to_pandas(renju.Report().findings_table())


def _outputs(part: renju.Report) -> tuple[pandas.DataFrame, renju.Report]:
    """A part's findings as a DataFrame and its report without games (what the merge
    chain passes on), made on the worker that validated it, in parallel with the other
    parts."""
    return _to_pandas(part.findings_table()), part.without_games()


def _duplicates(report: renju.Report) -> int:
    """The number of duplicate-id findings of a report."""
    return report.summary.findings.get("duplicate-id", 0)


def _advance(
    before: Optional[renju.Report], out: tuple[pandas.DataFrame, renju.Report]
) -> renju.Report:
    """The merged report of the parts so far, without games: ``before`` (the parts
    before this one) then this part (its report without games, from ``out``)."""
    light = out[1]
    return light if before is None else before + light


def _findings(
    before: Optional[renju.Report],
    out: tuple[pandas.DataFrame, renju.Report],
    part: renju.Report,
) -> pandas.DataFrame:
    """A part's findings after the parts before it: its own (``out``: the findings and
    the report without games), unless an earlier part used one of its ids, which gives it
    duplicate-id findings; then the part's report merged after ``before`` (which has no
    games) gives them. Whether the merge adds any is told by the totals: merging adds a
    duplicate-id finding for every id the parts share, and changes nothing else when
    they share none."""
    frame, light = out
    if before is None:
        return frame
    if _duplicates(before + light) == _duplicates(before) + _duplicates(light):
        return frame
    return _to_pandas((before + part).findings_table())


def _summary(merged: Optional[renju.Report]) -> renju.Summary:
    """The summary of the merged report (an empty one for no parts)."""
    if merged is None:
        return renju.Report().summary
    return merged.summary


def _merge_in_order(client: distributed.Client, reports: Sequence[Any]) -> DaskReport:
    """Merges the parts' reports (futures) in input order on the cluster. Each part's
    findings and games-less report are made where it was validated, in parallel; the
    games-less reports are merged in a chain of small steps (summaries and ids only);
    a part's findings change only when an earlier part used one of its ids."""
    import dask.dataframe as dd

    import distributed

    outputs = [client.submit(_outputs, r, pure=False) for r in reports]
    before: Any = None
    frames = []
    for report, out in zip(reports, outputs):
        # The part's findings are redone from its report only when an earlier part used
        # one of its ids: run the check where the report is, so that it is not moved.
        distributed.wait(report)  # type: ignore[no-untyped-call]
        where = list(client.who_has(report).get(report.key, ()))  # type: ignore[no-untyped-call]
        frames.append(client.submit(_findings, before, out, report, pure=False,
                                    workers=where or None, allow_other_workers=True))
        before = client.submit(_advance, before, out, pure=False)
    summary: renju.Summary = client.submit(_summary, before, pure=False).result()
    meta = findings_meta()
    if frames:
        findings = dd.from_delayed(frames, meta=meta, verify_meta=False)
    else:
        findings = dd.from_pandas(meta, npartitions=1)  # type: ignore[no-untyped-call]
    return DaskReport(summary=summary, findings=findings, parts=len(frames), client=client)


def _options(options: Optional[renju.ValidationOptions], **keywords: Any) -> dict[str, Any]:
    """The keyword arguments of the validation calls: those given (None: the default)
    and options= when given."""
    given = {k: v for k, v in keywords.items() if v is not None}
    if options is not None:
        given["options"] = options
    return given


def _plan_file(path: str, format: Optional[str], part_bytes: int) -> list[renju.Chunk]:
    """The parts of a game file (renju.chunks: move lists cut at line ends, RenjuNet
    databases between games, other formats whole)."""
    return renju.chunks(path, format=format, size=part_bytes)  # type: ignore[arg-type]


def _validate_file_part(
    path: str, format: Optional[str], chunk: Optional[renju.Chunk], options: dict[str, Any]
) -> renju.Report:
    """Validates one part of a file (None: the whole file) with whole-file indexes and
    lines. Move lists and RenjuNet databases are cut into parts."""
    if chunk is None:
        return renju.validate(path, format=format, **options)  # type: ignore[arg-type]
    data = chunk.read(path)
    return renju.validate_bytes(data, format=format, source=path, chunk=chunk, **options)  # type: ignore[arg-type]


def validate_files(
    paths: Path | Iterable[Path],
    *,
    client: ClientLike = None,
    format: Optional[str] = None,
    part_bytes: int = PART_BYTES,
    options: Optional[renju.ValidationOptions] = None,
) -> DaskReport:
    """Validates game files on a Dask cluster: each file is a part, except move lists,
    which are cut at line ends into parts of about ``part_bytes`` bytes (the cut points
    are found on the workers, in one pass over each file without parsing it). The format
    comes from each file's extension unless ``format`` is given; ``options`` (a
    ``renju.ValidationOptions``) is ``renju.validate``'s. RenjuNet databases (``.rif``) are cut between
    two games in the same way. The result is what ``renju.validate`` of each
    file, merged in order, and ``renju validate FILES...`` give."""
    c = _client(client)
    files = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else \
        [os.fspath(p) for p in paths]
    planned = c.map(_plan_file, files, format=format, part_bytes=part_bytes, pure=False)
    plans: list[list[renju.Chunk]] = c.gather(planned)  # type: ignore[no-untyped-call]
    given = _options(options)
    reports = []
    for file, chunks in zip(files, plans):
        parts: list[Optional[renju.Chunk]] = list(chunks) if len(chunks) > 1 else [None]
        for chunk in parts:
            reports.append(c.submit(
                _validate_file_part, file, format, chunk, given, pure=False))
    return _merge_in_order(c, reports)


def _plan_parquet(path: str) -> list[int]:
    """The rows of each row group of a Parquet file."""
    import pyarrow.parquet as pq

    metadata = pq.ParquetFile(path).metadata
    return [metadata.row_group(i).num_rows for i in range(metadata.num_row_groups)]


def _validate_parquet_part(
    path: str,
    row_groups: list[int],
    first_index: int,
    columns: dict[str, Optional[str]],
    options: dict[str, Any],
) -> renju.Report:
    """Validates some row groups of a Parquet file (rows from first_index on)."""
    import pyarrow.parquet as pq

    names = [c for c in columns.values() if c is not None]
    table = pq.ParquetFile(path).read_row_groups(row_groups, columns=names)
    given = {k: table.column(c) for k, c in columns.items() if c is not None and k != "moves"}
    moves = columns["moves"]
    assert moves is not None
    return renju.validate_arrow(
        table.column(moves), source=path, first_index=first_index, **given, **options
    )


def _parquet_files(path: Path | Iterable[Path]) -> list[str]:
    """The Parquet files of a path (a file, or a directory read as a dataset, its files
    in sorted order) or of a list of paths."""
    if isinstance(path, (str, os.PathLike)):
        root = os.fspath(path)
        if os.path.isdir(root):
            import pyarrow.dataset as ds

            return sorted(ds.dataset(root, format="parquet").files)
        return [root]
    return [os.fspath(p) for p in path]


def validate_parquet(
    path: Path | Iterable[Path],
    *,
    moves: str = "moves",
    rules: Optional[str] = None,
    openings: Optional[str] = None,
    ids: Optional[str] = None,
    client: ClientLike = None,
    part_rows: int = PART_ROWS,
    size: int = 15,
    options: Optional[renju.ValidationOptions] = None,
) -> DaskReport:
    """Validates the games of a Parquet file, dataset directory or list of files on a
    Dask cluster: one game per row, its moves in the column ``moves`` (a move-list
    line), and optionally its rules, opening protocol and id in the columns named by
    ``rules``, ``openings`` and ``ids``; ``options`` (a ``renju.ValidationOptions``) gives
    the defaults for what a row does not say. A game's ``source`` is its file and its
    ``index`` its row in that file; each file is cut into parts of whole row groups of
    about ``part_rows`` rows. The result is the one ``renju.validate_arrow`` gives on each file's
    columns, the files' reports merged in order."""
    c = _client(client)
    files = _parquet_files(path)
    planned = c.map(_plan_parquet, files, pure=False)
    plans: list[list[int]] = c.gather(planned)  # type: ignore[no-untyped-call]
    columns = {"moves": moves, "rules": rules, "openings": openings, "ids": ids}
    given = _options(options, size=None if size == 15 else size)
    reports = []
    for file, groups in zip(files, plans):
        first = 0
        part: list[int] = []
        rows = 0
        for i, n in enumerate(groups):
            part.append(i)
            rows += n
            if rows >= part_rows or i == len(groups) - 1:
                reports.append(c.submit(
                    _validate_parquet_part, file, part, first, columns, given, pure=False))
                first += rows
                part, rows = [], 0
    return _merge_in_order(c, reports)
