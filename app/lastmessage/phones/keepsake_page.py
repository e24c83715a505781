"""The keepsake's page: the scene with the criminal, the boards replayed, the two downloads.

Plain HTML and three pictures of the same server, no script: it must open on
any phone, and be saved whole. While its pictures are being drawn it asks
again every two seconds; once its time is up the server answers 404 with
`gone_html`, saying so.
"""

from __future__ import annotations

import html
import math

from lastmessage.i18n.translate import translator
from lastmessage.phones.keepsake import Keepsake

_STYLE = """html, body { margin: 0; background: #14161c; color: #eee; font: 17px/1.4 system-ui, sans-serif; }
main { max-width: 60em; margin: 0 auto; padding: 1em; }
h1 { font-size: 1.4em; margin: .2em 0; } h2 { font-size: 1.1em; margin: 1.2em 0 .4em; color: #ffd666; }
img { display: block; width: 100%; height: auto; border-radius: 6px; background: #000; }
.criminal { color: #ff8a94; font-weight: bold; } .small { color: #8a90a0; font-size: .85em; }
a.button { display: inline-block; margin: .6em .6em 0 0; padding: .6em 1em; border-radius: 8px;
  background: #2b3350; color: #fff; text-decoration: none; }"""


def _document(language: str, title: str, body: str, *, refresh: bool = False) -> str:
    again = '<meta http-equiv="refresh" content="2">' if refresh else ""
    return (f'<!doctype html><html lang="{html.escape(language)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{again}'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body><main>{body}</main></body></html>")


def texts(language: str, minutes: int) -> dict[str, str]:
    """The page's sentences in `language` (`minutes`: how long it stays)."""
    tx = translator(language)
    return {
        "title": tx.tr("Last Message: your game"),
        "drawing": tx.tr("The keepsake is being made…"),
        "failed": tx.tr("The pictures of this game could not be made."),
        "scene": tx.tr("The scene"),
        "boards": tx.tr("The boards, replayed with the erased ink"),
        "gif": tx.tr("Download the replay (GIF)"),
        "png": tx.tr("Download the boards (PNG)"),
        "stays": tx.ntr("This page stays on the table for {n} more minute, then it is gone; "
                        "nothing of it is sent anywhere.",
                        "This page stays on the table for {n} more minutes, then it is gone; "
                        "nothing of it is sent anywhere.", minutes, n=minutes),
        "gone": tx.tr("This keepsake is gone"),
        "gone_why": tx.tr("A game is kept on the table only for a while after it ends, and this "
                          "one’s time is up (or it was never here)."),
    }


def keepsake_html(keepsake: Keepsake, seconds_left: float) -> str:
    words = {k: html.escape(v) for k, v in texts(keepsake.language, max(1, math.ceil(seconds_left / 60))).items()}
    e = html.escape
    top = (f"<h1>{e(keepsake.headline)}</h1><p>{e(keepsake.reason)}</p>"
           f'<p class="criminal">{e(keepsake.criminal)}</p>')
    if keepsake.souvenir is None:
        again = not keepsake.failed
        return _document(keepsake.language, words["title"],
                         top + f"<p>{words['drawing' if again else 'failed']}</p>", refresh=again)
    base = f"/k/{keepsake.token}"
    body = (top
            + f"<h2>{words['scene']}</h2>"
              f'<img src="{base}/scene.jpg" alt="{e(keepsake.criminal)}">'
            + f"<h2>{words['boards']}</h2>"
              f'<img src="{base}/replay.gif" alt="">'
            + f'<a class="button" href="{base}/replay.gif" download="last-message-replay.gif">{words["gif"]}</a>'
              f'<a class="button" href="{base}/boards.png" download="last-message-boards.png">{words["png"]}</a>'
            + f'<p class="small">{words["stays"]}</p>')
    return _document(keepsake.language, words["title"], body)


def gone_html(language: str) -> str:
    words = {k: html.escape(v) for k, v in texts(language, 1).items()}
    return _document(language, words["title"], f"<h1>{words['gone']}</h1><p>{words['gone_why']}</p>")
