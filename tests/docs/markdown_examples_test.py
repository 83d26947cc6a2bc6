#!/usr/bin/env python3
"""The docs test's own checks can fail: a different output, a wrong `ok`, a
missing string, an unmarked block and a bad marker are all caught
(markdown_examples.py; ctest: docs_examples_matching)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from markdown_examples import (TIMING, console_commands, output_matches, parse_blocks,  # noqa: E402
                               parse_marker, reply_problems)


def timed(lines):
    return [TIMING.sub("#", l) for l in lines]


class OutputMatching(unittest.TestCase):
    def test_exact_lines_must_be_equal(self):
        self.assertTrue(output_matches(["a 1", "b"], ["a 1", "b", ""]))
        self.assertFalse(output_matches(["a 1", "b"], ["a 2", "b"]))
        self.assertFalse(output_matches(["a 1"], ["a 1", "b"]))
        self.assertFalse(output_matches(["a 1", "b"], ["a 1"]))

    def test_an_ellipsis_line_stands_for_any_lines_and_within_a_line_for_any_text(self):
        self.assertTrue(output_matches(["x", "…", "z"], ["x", "y1", "y2", "z"]))
        self.assertTrue(output_matches(["x", "…", "z"], ["x", "z"]))
        self.assertFalse(output_matches(["x", "…", "z"], ["x", "y", "w"]))
        self.assertTrue(output_matches(["seat 0 …"], ["seat 0 5 W / 1 L"]))
        self.assertFalse(output_matches(["seat 0 …"], ["seat 1 5 W / 1 L"]))
        self.assertFalse(output_matches(["a.c"], ["abc"]))  # no other pattern characters

    def test_timings_ignore_only_numbers_with_a_unit_of_time_or_rate(self):
        shown = timed(["5,556 games/s, 0.71 M decisions/s, 127.7 decisions/game",
                       "prepared once in 392.1 µs; 1.22 s, 82.1 games/s; 4 seats"])
        self.assertTrue(output_matches(shown, timed([
            "44,990 games/s, 5.72 M decisions/s, 127.7 decisions/game",
            "prepared once in 67.9 µs; 24.44 s, 1.6 games/s; 4 seats"])))
        self.assertFalse(output_matches(shown, timed([
            "44,990 games/s, 5.72 M decisions/s, 127.2 decisions/game",
            "prepared once in 67.9 µs; 24.44 s, 1.6 games/s; 4 seats"])))
        self.assertFalse(output_matches(shown[1:], timed([
            "prepared once in 67.9 µs; 24.44 s, 1.6 games/s; 5 seats"])))

    def test_console_commands_and_their_outputs(self):
        cmds = console_commands(["$ tabletop a \\", "  --b", "out 1", "$ tabletop c"])
        self.assertEqual([c["cmd"] for c in cmds], ["tabletop a \n  --b", "tabletop c"])
        self.assertEqual(cmds[0]["output"], ["out 1"])
        with self.assertRaises(ValueError):
            console_commands(["output before a command"])


class EngineReplies(unittest.TestCase):
    def test_ok_and_every_string_shown_must_be_in_the_reply(self):
        reply = '{"decisions":1,"log":[{"text":"Seat 0 keeps"}],"ok":true,"option":"keep"}'
        self.assertEqual(reply_problems('{"log":[{"text":"Seat 0 keeps"}, …],"ok":true}', reply), [])
        self.assertEqual(reply_problems('{"ok":false}', reply), ['"ok" is true'])
        self.assertEqual(reply_problems('{"text":"Seat 0 returns"}', reply),
                         ['"Seat 0 returns" is not in the reply'])
        self.assertEqual(reply_problems('{"text":"Seat 0 …"}', reply), [])


class Markers(unittest.TestCase):
    def blocks(self, text):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "page.md"), "w", encoding="utf-8") as f:
                f.write(text)
            return parse_blocks(d, "page.md")

    def test_command_blocks_need_a_marker_and_text_or_data_blocks_do_not(self):
        blocks = self.blocks("```sh\nls\n```\n\n<!-- example: run -->\n\n```console\n$ ls\n```\n"
                             "```text\ntabletop play GAME\n```\n```json\n{\"seats\": 2}\n```\n"
                             "```json\n{\"cmd\":\"games\"}\n```\n")
        self.assertEqual([(b.lang, b.marker, b.is_command_block()) for b in blocks], [
            ("sh", None, True), ("console", "run", True), ("text", None, False),
            ("json", None, False), ("json", None, True)])
        self.assertEqual(blocks[1].line, 7)

    def test_markers_are_checked(self):
        def marker(text):
            b = self.blocks(f"<!-- example: {text} -->\n```sh\nls\n```\n")[0]
            return parse_marker(b), b
        err, b = marker("run exit=1 output=exact timings before='{\"cmd\":\"new\"}'")
        self.assertIsNone(err)
        self.assertEqual(b.opts, {"exit": "1", "output": "exact", "timings": True,
                                  "before": '{"cmd":"new"}'})
        self.assertIsNotNone(marker("skip")[0])          # a skip needs its reason
        self.assertIsNone(marker('skip reason="a server on port 8080"')[0])
        self.assertIsNotNone(marker("run colour=red")[0])
        self.assertIsNotNone(marker("run output=loose")[0])
        self.assertIsNotNone(marker("maybe")[0])


if __name__ == "__main__":
    unittest.main()
