#include "server/transport/web_root.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace tt::server {

namespace fs = std::filesystem;

namespace {

// Files read once are kept up to this many bytes in all.
constexpr std::size_t kCacheBytes = std::size_t{64} << 20;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `inner` lies inside `outer` (both canonical).
bool within(const fs::path& inner, const fs::path& outer) {
  auto [o, i] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return o == outer.end();
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int hi = hex_value(text[i + 1]);
    const int lo = hex_value(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    const char c = static_cast<char>(hi * 16 + lo);
    if (c == '\0') return std::nullopt;
    out += c;
    i += 2;
  }
  return out;
}

std::string_view content_type_for(const fs::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 18> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".woff", "font/woff"},
      {".txt", "text/plain; charset=utf-8"},
      {".wasm", "application/wasm"},
  }};
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const auto& [e, type] : kTypes)
    if (e == ext) return type;
  return "application/octet-stream";
}

WebRoot::WebRoot(const std::string& dir, std::size_t max_file_bytes)
    : max_file_bytes_(max_file_bytes) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return;
  root_ = fs::canonical(dir, ec);
  if (ec) root_.clear();
}

WebLookup WebRoot::find(std::string_view target, std::shared_ptr<const WebFile>& file) {
  if (root_.empty()) return WebLookup::kNotFound;
  target = target.substr(0, target.find_first_of("?#"));
  const auto decoded = percent_decode(target);
  if (!decoded || decoded->empty() || decoded->front() != '/') return WebLookup::kRefused;
  if (decoded->find('\\') != std::string::npos) return WebLookup::kRefused;

  // Each segment by itself: ".." and "." are refused, not resolved, and
  // hidden files (".env", ".git") are never served.
  fs::path relative;
  std::size_t start = 1;
  while (start <= decoded->size()) {
    std::size_t end = decoded->find('/', start);
    if (end == std::string::npos) end = decoded->size();
    const std::string_view segment = std::string_view(*decoded).substr(start, end - start);
    if (!segment.empty()) {
      if (segment.front() == '.') return WebLookup::kRefused;
      relative /= std::string(segment);
    }
    start = end + 1;
  }
  if (decoded->back() == '/') relative /= "index.html";

  // A symbolic link may still lead out: the real path must stay inside.
  std::error_code ec;
  const fs::path real = fs::canonical(root_ / relative, ec);
  if (ec) return WebLookup::kNotFound;
  if (!within(real, root_)) return WebLookup::kRefused;
  if (!fs::is_regular_file(real, ec)) return WebLookup::kNotFound;
  const std::uintmax_t size = fs::file_size(real, ec);
  if (ec) return WebLookup::kNotFound;
  if (size > max_file_bytes_) return WebLookup::kTooLarge;
  const fs::file_time_type mtime = fs::last_write_time(real, ec);
  if (ec) return WebLookup::kNotFound;

  const std::string key = real.string();
  if (auto it = cache_.find(key); it != cache_.end()) {
    if (it->second.mtime == mtime && it->second.size == size) {
      file = it->second.file;
      return WebLookup::kFound;
    }
    cached_bytes_ -= it->second.size;
    cache_.erase(it);
  }

  std::ifstream in(real, std::ios::binary);
  if (!in) return WebLookup::kNotFound;
  auto loaded = std::make_shared<WebFile>();
  loaded->body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad() || loaded->body.size() > max_file_bytes_) return WebLookup::kNotFound;
  char etag[64];
  std::snprintf(etag, sizeof etag, "\"%llx-%llx\"",
                static_cast<unsigned long long>(loaded->body.size()),
                static_cast<unsigned long long>(mtime.time_since_epoch().count()));
  loaded->etag = etag;
  loaded->content_type = std::string(content_type_for(real));
  // The bundler names build assets by their content's hash: they never change.
  const bool hashed = relative.begin() != relative.end() && *relative.begin() == "assets";
  loaded->cache_control = hashed ? "public, max-age=31536000, immutable" : "no-cache";
  if (cached_bytes_ + loaded->body.size() <= kCacheBytes) {
    cached_bytes_ += loaded->body.size();
    cache_[key] = Cached{loaded, mtime, loaded->body.size()};
  }
  file = std::move(loaded);
  return WebLookup::kFound;
}

}  // namespace tt::server
