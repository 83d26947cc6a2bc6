#include "cli/screen.h"

#include <algorithm>
#include <sstream>

namespace tt::cli {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    line.erase(line.find_last_not_of(' ') + 1);
    out.push_back(line);
  }
  return out;
}

int width_of(const std::string& s) {
  // Columns on a terminal: UTF-8 continuation bytes take none.
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// `text` cut into lines of at most `width` columns at spaces, the later
// ones indented by `indent`.
std::vector<std::string> wrap(const std::string& text, int width, int indent) {
  std::vector<std::string> out;
  std::string line, word;
  std::istringstream in(text);
  while (in >> word) {
    const int room = width - (out.empty() ? 0 : indent);
    if (!line.empty() && width_of(line) + 1 + width_of(word) > room) {
      out.push_back((out.empty() ? "" : std::string(indent, ' ')) + line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty() || out.empty())
    out.push_back((out.empty() ? "" : std::string(indent, ' ')) + line);
  return out;
}

// Terminal rows a line takes (a line wider than the screen wraps).
int rows_of(const std::string& line) {
  return std::max(1, (width_of(line) + Screen::kWidth - 1) / Screen::kWidth);
}

std::string pad(const std::string& s, int width) {
  const int w = width_of(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

}  // namespace

Screen::Layout Screen::layout() const {
  Layout l;
  l.table = split_lines(table);
  while (l.beside < l.table.size() && width_of(l.table[l.beside]) <= kNarrow) ++l.beside;
  if (l.beside >= 12) {
    l.panel_width = kWidth - kNarrow - 1;
  } else {
    l.beside = 0;
  }
  int table_rows = 0;
  for (auto& line : l.table) table_rows += rows_of(line);
  if (l.beside == 0) {
    // Below a wide table the log gets what the table, the prompt and a
    // page of options leave of the screen (at least kLogLines).
    const int option_lines = static_cast<int>(paginate(l.panel_width - 2, 1 << 20).front().size());
    const int prompt_rows = static_cast<int>(wrap(prompt + ":", l.panel_width, 2).size());
    const int spare = kHeight - table_rows - prompt_rows - 3 /* log header, page line, input */ -
                      std::min(option_lines, kWantOptions);
    l.log_rows = std::max(kLogLines, spare);
  }
  const int head = static_cast<int>(head_lines(l.panel_width, l.log_rows).size()) + 1 /* page */;
  if (l.beside > 0) {
    l.option_rows = std::max(4, static_cast<int>(l.beside) - head);
  } else {
    // The options get the rest of the screen, in pages; a table too tall
    // for that scrolls off the top rather than the options being cut into
    // pages of a line or two ('t' draws it again).
    const int room = kHeight - table_rows - head - 1 /* input */;
    l.option_rows = room >= 4 ? room : std::max(12, room);
  }
  return l;
}

std::vector<std::string> Screen::head_lines(int width, int log_rows) const {
  std::vector<std::string> out;
  if (!log.empty()) {
    // The latest key lines first, then the latest others, while they fit in
    // log_rows rows; shown in the order they happened.
    std::vector<std::vector<std::string>> wrapped;
    for (auto& line : log) wrapped.push_back(wrap(line.text, width - 2, 2));
    std::vector<bool> shown(log.size(), false);
    int rows = 0;
    std::size_t count = 0;
    for (bool key : {true, false})
      for (std::size_t i = log.size(); i-- > 0;) {
        const int need = static_cast<int>(wrapped[i].size());
        if (shown[i] || (key && !log[i].key) || rows + need > log_rows) continue;
        shown[i] = true;
        rows += need;
        ++count;
      }
    out.push_back(count == log.size()
                      ? "Since your last decision:"
                      : "Since your last decision (" + std::to_string(log.size() - count) +
                            " more: type log):");
    for (std::size_t i = 0; i < log.size(); ++i)
      if (shown[i])
        for (auto& line : wrapped[i]) out.push_back("  " + line);
  }
  for (auto& line : wrap(prompt + ":", width, 2)) out.push_back(line);
  return out;
}

std::vector<std::vector<std::string>> Screen::paginate(int width, int rows) const {
  // Each option as a block of lines: text lines, or a tile (number and
  // first line over the picture) that sits in a row of tiles.
  struct Block {
    std::vector<std::string> lines;
    bool tile = false;
  };
  std::vector<Block> blocks;
  for (const ScreenOption& o : options) {
    const auto lines = split_lines(o.label);
    const std::string head = std::to_string(o.number) + ") " + (lines.empty() ? "" : lines[0]);
    Block b;
    b.tile = lines.size() > 1;
    if (b.tile) {
      b.lines.push_back(head);
      for (std::size_t i = 1; i < lines.size(); ++i) b.lines.push_back("   " + lines[i]);
    } else {
      b.lines = wrap(head, width, static_cast<int>(std::to_string(o.number).size()) + 2);
    }
    blocks.push_back(std::move(b));
  }
  int tile_width = 0;
  for (const Block& b : blocks)
    if (b.tile)
      for (const auto& line : b.lines) tile_width = std::max(tile_width, width_of(line) + 2);
  const int per_row = std::max(1, width / std::max(1, tile_width));

  std::vector<std::vector<std::string>> pages(1);
  auto add = [&](std::vector<std::string> lines) {
    if (!pages.back().empty() && static_cast<int>(pages.back().size() + lines.size()) > rows)
      pages.emplace_back();
    for (auto& l : lines) pages.back().push_back(std::move(l));
  };
  for (std::size_t i = 0; i < blocks.size();) {
    if (!blocks[i].tile) {
      add(blocks[i++].lines);
      continue;
    }
    // A row of tiles side by side.
    std::vector<std::string> row;
    std::size_t end = i;
    while (end < blocks.size() && blocks[end].tile && static_cast<int>(end - i) < per_row) ++end;
    std::size_t height = 0;
    for (std::size_t k = i; k < end; ++k) height = std::max(height, blocks[k].lines.size());
    for (std::size_t r = 0; r < height; ++r) {
      std::string line;
      for (std::size_t k = i; k < end; ++k)
        line += pad(r < blocks[k].lines.size() ? blocks[k].lines[r] : "", tile_width);
      line.erase(line.find_last_not_of(' ') + 1);
      row.push_back(line);
    }
    add(row);
    i = end;
  }
  return pages;
}

std::size_t Screen::pages() const {
  const Layout l = layout();
  return paginate(l.panel_width - 2, l.option_rows).size();
}

std::string Screen::draw() const {
  const Layout l = layout();
  const auto all = paginate(l.panel_width - 2, l.option_rows);
  const std::size_t p = std::min(page, all.size() - 1);

  std::vector<std::string> panel = head_lines(l.panel_width, l.log_rows);
  for (auto& line : all[p]) panel.push_back("  " + line);
  if (all.size() > 1)
    panel.push_back("  page " + std::to_string(p + 1) + "/" + std::to_string(all.size()) +
                    " (n: next, p: back)");

  std::string out;
  if (l.beside == 0) {
    for (auto& line : l.table) out += line + "\n";
    for (auto& line : panel) out += line + "\n";
    return out;
  }
  // The panel beside the narrow lines; what does not fit goes below them.
  std::size_t k = 0;
  for (std::size_t i = 0; i < l.table.size(); ++i) {
    if (i < l.beside && k < panel.size()) {
      out += pad(l.table[i], kNarrow + 1) + panel[k++] + "\n";
    } else {
      out += l.table[i] + "\n";
    }
  }
  for (; k < panel.size(); ++k) out += std::string(kNarrow + 1, ' ') + panel[k] + "\n";
  return out;
}

}  // namespace tt::cli
