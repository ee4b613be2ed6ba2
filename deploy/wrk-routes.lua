-- wrk script: cycles through the request targets in $WAYMARK_TARGETS (one per line), each wrk thread
-- starting at its own offset, and reports latency percentiles, requests/s and every non-200 answer.
--   WAYMARK_TARGETS=targets.txt wrk -t2 -c16 -d20s --latency -s deploy/wrk-routes.lua http://127.0.0.1:5000
local targets = {}
for line in io.lines(os.getenv("WAYMARK_TARGETS")) do
  if #line > 0 then targets[#targets + 1] = line end
end
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter * 97)
  table.insert(threads, thread)
end

function init(args)
  index = offset % #targets
  non200 = 0
end

function request()
  index = index % #targets + 1
  return wrk.format("GET", targets[index])
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do bad = bad + thread:get("non200") end
  local e = summary.errors
  io.write(string.format("RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f non200=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    bad, e.connect, e.read, e.write, e.timeout))
end
