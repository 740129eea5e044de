#pragma once
// The query printed beside a CLP table names its columns: DBAs shorten them
// (`substr(HADR_ROLE,1,10) as ROLE`), and the CLP heads an unnamed expression
// with its position (`1` for `current timestamp`). Read from the SELECT
// statements in the file, each heading the CLP would print maps to the
// monitor column it shows.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/monitor/pasted_text.hpp"

namespace simhadr {

// Heading (upper case) -> the column it shows (upper case).
using ColumnHeadings = std::map<std::string, std::string, std::less<>>;

// Every item of every SELECT in `lines` whose heading is not its column's own name.
ColumnHeadings select_list_columns(const std::vector<TextLine>& lines);

// A SELECT's items in order, by the monitor column each shows (else by its
// heading), and the line its statement ends on: what names the columns of rows
// printed without headings after it.
struct SelectList {
  std::size_t line = 0;
  std::vector<std::string> columns;
};
std::vector<SelectList> select_lists(const std::vector<TextLine>& lines);

// MON_GET_HADR's name for a column of the SYSIBMADM.SNAPHADR view (V9.7's
// admin view: HADR_CONNECT_TIME, HADR_HEARTBEAT, HADR_PRIMARY_LOG_LSN, ...),
// or `name` itself.
std::string_view mon_get_hadr_name(std::string_view name);

// The column a table's heading shows, by MON_GET_HADR's name.
std::string column_named(const std::string& heading, const ColumnHeadings& headings);

}  // namespace simhadr
