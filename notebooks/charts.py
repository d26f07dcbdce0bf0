"""Charts for the notebooks as Vega-Lite specifications, drawn by the Vega renderer that
JupyterLab and the static JupyterLite site both bundle: no plotting package to install (the
site has no matplotlib), the same picture in both places, and a plain-text summary where no
Vega renderer exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import fmean
from typing import Any

VEGALITE = "application/vnd.vegalite.v5+json"


@dataclass(frozen=True)
class Chart:
    """A Vega-Lite chart that shows itself in Jupyter; ``text`` stands in for it elsewhere."""

    spec: dict[str, Any]
    text: str

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {VEGALITE: self.spec, "text/plain": self.text}


def histograms(title: str, panels: list[tuple[str, dict[str, list[float]]]],
               y_title: str = "games", bins: int = 15) -> Chart:
    """Histograms side by side: each panel is an x-axis title and its series (name -> values),
    the series of a panel drawn over each other."""
    charts, lines = [], [title]
    for x_title, series in panels:
        rows = [{"series": name, "value": v} for name, values in series.items() for v in values]
        encoding: dict[str, Any] = {
            "x": {"field": "value", "bin": {"maxbins": bins}, "title": x_title},
            "y": {"aggregate": "count", "stack": None, "title": y_title}}
        if len(series) > 1:
            encoding["color"] = {"field": "series", "title": None}
        charts.append({"width": 330, "height": 200, "data": {"values": rows},
                       "mark": {"type": "bar", "opacity": 0.6}, "encoding": encoding})
        lines += [f"{x_title}, {name}: mean {fmean(values):.1f}, {min(values)} to {max(values)}"
                  for name, values in series.items() if values]
    spec = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "title": title, "hconcat": charts}
    return Chart(spec, "\n".join(lines))


def exact_and_sampled(title: str, exact: dict[int, float],
                      sampled: dict[int, tuple[float, float, float]],
                      x_title: str = "turn", y_title: str = "probability") -> Chart:
    """Exact probabilities by turn (a line with points) next to a simulation's shares with
    their confidence intervals (points with error bars): ``sampled`` maps a turn to (share,
    low, high)."""
    rows = [{"turn": t, "p": p, "series": "exact"} for t, p in exact.items()]
    rows += [{"turn": t + 0.08, "p": s, "low": lo, "high": hi, "series": "simulated"}
             for t, (s, lo, hi) in sampled.items()]
    x = {"field": "turn", "type": "quantitative", "title": x_title,
         "axis": {"tickMinStep": 1}}
    color = {"field": "series", "title": None}
    exact_layer = {"transform": [{"filter": "datum.series == 'exact'"}],
                   "mark": {"type": "line", "point": True},
                   "encoding": {"x": x, "y": {"field": "p", "type": "quantitative",
                                              "title": y_title, "scale": {"domain": [0, 1]}},
                                "color": color}}
    bars = {"transform": [{"filter": "datum.series == 'simulated'"}],
            "mark": {"type": "errorbar", "ticks": True},
            "encoding": {"x": x, "y": {"field": "low", "type": "quantitative"},
                         "y2": {"field": "high"}, "color": color}}
    points = {"transform": [{"filter": "datum.series == 'simulated'"}],
              "mark": {"type": "point", "filled": True},
              "encoding": {"x": x, "y": {"field": "p", "type": "quantitative"},
                           "color": color}}
    spec = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "title": title,
            "width": 420, "height": 240, "data": {"values": rows},
            "layer": [exact_layer, bars, points]}
    lines = [title] + [f"turn {t}: exact {exact[t]:.4f}" + (
        f", simulated {sampled[t][0]:.4f} ({sampled[t][1]:.4f} to {sampled[t][2]:.4f})"
        if t in sampled else "") for t in sorted(exact)]
    return Chart(spec, "\n".join(lines))
