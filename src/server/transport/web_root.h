// The browser client's files (web/dist) as the transport serves them: which
// file a request path names, never one outside the folder (no "..", encoded
// or not, no symbolic link leading out, no hidden files), its content type,
// and its bytes with an ETag, read once and kept while the file is unchanged.
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tt::server {

struct WebFile {
  std::string body;
  std::string etag;  // a quoted strong ETag of size and modification time
  std::string content_type;
  std::string cache_control;  // hashed build assets: immutable; the rest: revalidate
};

enum class WebLookup { kFound, kNotFound, kRefused, kTooLarge };

class WebRoot {
 public:
  // `dir` "" or a missing folder: no files, every lookup is kNotFound.
  explicit WebRoot(const std::string& dir, std::size_t max_file_bytes = std::size_t{32} << 20);

  bool present() const { return !root_.empty(); }
  const std::filesystem::path& dir() const { return root_; }

  // The file a request target (path and query) names: "/" is index.html.
  WebLookup find(std::string_view target, std::shared_ptr<const WebFile>& file);

 private:
  struct Cached {
    std::shared_ptr<const WebFile> file;
    std::filesystem::file_time_type mtime;
    std::uintmax_t size = 0;
  };
  std::filesystem::path root_;  // canonical
  std::size_t max_file_bytes_;
  std::map<std::string, Cached> cache_;
  std::size_t cached_bytes_ = 0;
};

// "%2e%2E" -> "..": nullopt for a malformed escape or an encoded NUL.
std::optional<std::string> percent_decode(std::string_view text);
// By file name extension; application/octet-stream when unknown.
std::string_view content_type_for(const std::filesystem::path& file);

}  // namespace tt::server
