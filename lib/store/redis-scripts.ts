// The Redis store's Lua scripts (lib/store/redis.ts runs them): each keeps the store's bounds in one atomic step.
import { createHash } from 'node:crypto';

// Keys, under `${prefix}${namespace}:` (the base):
//   e:{id}       hash: v (version), c (client), lb (what l:{id} weighs), and the state's parts: s:{name} the text of
//                part {name}, s that of the part named '' (WHOLE_STATE: a state written whole, as every state was before
//                states had parts); TTL the idle limit, so that one key holds the entry's whole state
//   l:{id}       list: the entry's list (StateStore.append), oldest first; TTL the idle limit
//   versions     counter: the last version a write gave, so that no version is given twice; the one key without a
//                TTL (were it to go, versions would start again, and a caller's copy of an old one could pass for new)
//   used         sorted set: entry ids by last use (epoch ms), for `maxEntries`; TTL the idle limit
//   c:{client}   sorted set: the client's entry ids by last use, for `perClient`; TTL the idle limit (an entry
//                opened by `update` with `create` has no client, and counts only towards `maxEntries`)
//   starts:{client} sorted set: the client's starts of the last minute, for `startsPerMinute`; TTL a minute
// Every TTL is renewed with each use, so that once nothing is used for the idle limit, no key is left but `versions`.
// Time is Redis's own (TIME), so that instances whose clocks differ agree on the order of use.
const PRELUDE = `
local base = ARGV[1]
local idle = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local used = base .. 'used'
local function drop(id)
  local key = base .. 'e:' .. id
  local client = redis.call('HGET', key, 'c')
  redis.call('DEL', key, base .. 'l:' .. id)
  redis.call('ZREM', used, id)
  if client and client ~= '' then redis.call('ZREM', base .. 'c:' .. client, id) end
end
-- The hash field of a state's part, and whether a field is one.
local function field(name)
  if name == '' then return 's' end
  return 's:' .. name
end
local function isPart(name)
  return name == 's' or string.sub(name, 1, 2) == 's:'
end
local function mark(id, client)
  redis.call('PEXPIRE', base .. 'e:' .. id, idle)
  redis.call('PEXPIRE', base .. 'l:' .. id, idle)
  redis.call('ZADD', used, now, id)
  redis.call('PEXPIRE', used, idle)
  if client and client ~= '' then
    redis.call('ZADD', base .. 'c:' .. client, now, id)
    redis.call('PEXPIRE', base .. 'c:' .. client, idle)
  end
end
-- Past maxEntries: the entry used longest ago of the client that holds the most, ties to the client whose oldest
-- entry is oldest (as victim() in lib/store/memory.ts). An id whose hash is gone (Redis evicted it) is dropped.
local function victim()
  local ids, clients, counts, most = redis.call('ZRANGE', used, 0, -1), {}, {}, 0
  for index, id in ipairs(ids) do
    local client = redis.call('HGET', base .. 'e:' .. id, 'c')
    if not client then return id end
    clients[index] = client
    counts[client] = (counts[client] or 0) + 1
    if counts[client] > most then most = counts[client] end
  end
  for index, id in ipairs(ids) do
    if counts[clients[index]] == most then return id end
  end
  return nil
end
local function bound(client, perClient, maxEntries)
  local evicted = 0
  redis.call('ZREMRANGEBYSCORE', used, '-inf', now - idle)
  if client ~= '' then
    local own = base .. 'c:' .. client
    redis.call('ZREMRANGEBYSCORE', own, '-inf', now - idle)
    local excess = redis.call('ZCARD', own) - perClient
    if excess > 0 then
      for _, id in ipairs(redis.call('ZRANGE', own, 0, excess - 1)) do drop(id); evicted = evicted + 1 end
    end
  end
  while redis.call('ZCARD', used) > maxEntries do
    local id = victim()
    if not id then break end
    drop(id)
    evicted = evicted + 1
  end
  return evicted
end
`;

/** ARGV: base, idle, client, limit, a member of its own. Gives -1 when the client may start, else ms to wait. */
const START = `${PRELUDE}
local key = base .. 'starts:' .. ARGV[3]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - 60000)
if redis.call('ZCARD', key) >= tonumber(ARGV[4]) then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(0, tonumber(oldest[2]) + 60000 - now)
end
redis.call('ZADD', key, now, ARGV[5])
redis.call('PEXPIRE', key, 60000)
return -1`;

/** ARGV: base, idle, id, client, perClient, maxEntries. Gives how many entries the bounds ended. */
const OPEN = `${PRELUDE}
local id, client = ARGV[3], ARGV[4]
redis.call('DEL', base .. 'e:' .. id, base .. 'l:' .. id)
redis.call('HSET', base .. 'e:' .. id, 'v', 0, 'c', client)
mark(id, client)
return bound(client, tonumber(ARGV[5]), tonumber(ARGV[6]))`;

/** ARGV: base, idle, id. Gives 1 and marks the entry used, or 0 when it is not there. */
const TOUCH = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local client = redis.call('HGET', key, 'c')
if not client then return 0 end
mark(ARGV[3], client)
return 1`;

/**
 * ARGV: base, idle, id, the version the caller knows ('' for none). Gives {version, {name, text, name, text, …}} (the
 * state's parts) and marks the entry used, or false when it is not there; at the known version, {version} alone (the
 * caller has its state).
 */
const READ = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local version = redis.call('HGET', key, 'v')
if not version then return false end
mark(ARGV[3], redis.call('HGET', key, 'c'))
if version == ARGV[4] then return {version} end
local fields, parts = redis.call('HGETALL', key), {}
for index = 1, #fields, 2 do
  local name = fields[index]
  if isPart(name) then
    parts[#parts + 1] = string.sub(name, 3)
    parts[#parts + 1] = fields[index + 1]
  end
end
return {version, parts}`;

/**
 * ARGV: base, idle, id, expected version, '1' to empty the state first, the largest state in bytes, '1' to create the
 * entry when it is not there, perClient, maxEntries, then for each part to write: its name, '1' to set it to the text
 * that follows or '0' to remove it, and that text. Only those parts are sent and written; the others stay, counted
 * by their length (HSTRLEN) towards the largest state. Gives {outcome, evicted, version}: outcome 1 written, 0 another
 * write got in first, -1 the entry is gone, -2 the state would pass the largest (then the third is its bytes).
 */
const WRITE = `${PRELUDE}
local id = ARGV[3]
local key = base .. 'e:' .. id
local expected = tonumber(ARGV[4])
local version = redis.call('HGET', key, 'v')
local created = false
if not version then
  if ARGV[7] ~= '1' then return {-1, 0} end
  if expected ~= 0 then return {0, 0} end
  created = true
  version = '0'
elseif tonumber(version) ~= expected then
  return {0, 0}
end
local emptied = ARGV[5] == '1'
local sizes, total, existing = {}, 0, {}
for _, name in ipairs(redis.call('HKEYS', key)) do
  if isPart(name) then
    existing[#existing + 1] = name
    if not emptied then
      sizes[name] = redis.call('HSTRLEN', key, name)
      total = total + sizes[name]
    end
  end
end
for index = 10, #ARGV, 3 do
  local name = field(ARGV[index])
  total = total - (sizes[name] or 0)
  sizes[name] = 0
  if ARGV[index + 1] == '1' then
    sizes[name] = string.len(ARGV[index + 2])
    total = total + sizes[name]
  end
end
if total > tonumber(ARGV[6]) then return {-2, 0, total} end
if created then redis.call('HSET', key, 'c', '') end
if emptied then
  for _, name in ipairs(existing) do redis.call('HDEL', key, name) end
end
for index = 10, #ARGV, 3 do
  if ARGV[index + 1] == '1' then
    redis.call('HSET', key, field(ARGV[index]), ARGV[index + 2])
  else
    redis.call('HDEL', key, field(ARGV[index]))
  end
end
local written = redis.call('INCR', base .. 'versions')
redis.call('HSET', key, 'v', written)
local client = redis.call('HGET', key, 'c')
mark(id, client)
local evicted = 0
if created then evicted = bound(client, tonumber(ARGV[8]), tonumber(ARGV[9])) end
return {1, evicted, written}`;

/**
 * ARGV: base, idle, id, item, most items, most bytes. Appends to the entry's list and drops its oldest items past
 * either bound (the newest stays). Gives 1, or 0 when the entry is not there (it keeps no list).
 */
const APPEND = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local list = base .. 'l:' .. ARGV[3]
if redis.call('EXISTS', key) == 0 then return 0 end
redis.call('RPUSH', list, ARGV[4])
local bytes = redis.call('HINCRBY', key, 'lb', string.len(ARGV[4]))
local items, most, heaviest = redis.call('LLEN', list), tonumber(ARGV[5]), tonumber(ARGV[6])
while items > 1 and (items > most or bytes > heaviest) do
  bytes = redis.call('HINCRBY', key, 'lb', -string.len(redis.call('LPOP', list)))
  items = items - 1
end
redis.call('PEXPIRE', list, idle)
return 1`;

/** ARGV: base, idle, id. Gives the entry's list, oldest first. */
const LIST = `${PRELUDE}
return redis.call('LRANGE', base .. 'l:' .. ARGV[3], 0, -1)`;

/** ARGV: base, idle, id. */
const REMOVE = `${PRELUDE}
drop(ARGV[3])
return 1`;

/** ARGV: base, idle. Gives how many entries were used within the idle limit. */
const SIZE = `${PRELUDE}
redis.call('ZREMRANGEBYSCORE', used, '-inf', now - idle)
return redis.call('ZCARD', used)`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
/** The store's scripts by name. */
export const SCRIPTS = { START, OPEN, TOUCH, READ, WRITE, APPEND, LIST, REMOVE, SIZE } as const;
/** Each script's SHA1, by which EVALSHA runs it. */
export const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([name, script]) => [name, sha1(script)])) as Record<
  keyof typeof SCRIPTS,
  string
>;
