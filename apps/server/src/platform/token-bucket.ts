// Token buckets for flood limits (the chat widget's visitors): a bucket holds up to `burst` tokens, refills
// `perSecond` of them continuously, and an action spends one. In memory for one process; in Redis when
// REDIS_URL is set, through one Lua script so every node of a distributed deployment spends the same tokens
// atomically (and reads Redis's clock, so nodes whose clocks disagree still agree on the refill).
import type { Redis } from 'ioredis';

export type TokenBucketRule = { burst: number; perSecond: number };

/** One action's buckets: it is taken from all of them or from none. */
export type BucketRequest = { key: string; rule: TokenBucketRule }[];

export type BucketAnswer = { taken: true } | { taken: false; retryInMs: number };

export type TokenBuckets = {
  /**
   * Spends one token of every bucket named, or — when any of them is empty — none, answering when one will have
   * refilled. All or nothing, so a refused action never drains a bucket shared with others (one visitor
   * flooding must not spend their site's allowance).
   */
  take(request: BucketRequest): Promise<BucketAnswer>;
};

type Level = {
  tokens: number;
  at: number;
  /** When it is full again: absent from then on reads the same. */ fullAt: number;
};

/** Tokens after refilling from `at` to `now`, capped at the burst; a bucket never seen is full. */
const refill = (level: Level | undefined, rule: TokenBucketRule, now: number) =>
  level
    ? Math.min(rule.burst, level.tokens + (Math.max(0, now - level.at) * rule.perSecond) / 1000)
    : rule.burst;

/** Milliseconds until a bucket of `tokens` holds one. */
const waitFor = (tokens: number, rule: TokenBucketRule) =>
  tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / rule.perSecond);

export function createMemoryTokenBuckets(now: () => number = Date.now): TokenBuckets {
  const levels = new Map<string, Level>();
  return {
    async take(request) {
      const at = now();
      const tokens = request.map(({ key, rule }) => refill(levels.get(key), rule, at));
      const retryInMs = Math.max(...request.map(({ rule }, i) => waitFor(tokens[i]!, rule)));
      request.forEach(({ key, rule }, i) => {
        const left = tokens[i]! - (retryInMs ? 0 : 1);
        levels.set(key, { tokens: left, at, fullAt: at + ((rule.burst - left) * 1000) / rule.perSecond });
      });
      if (levels.size > 100_000) {
        for (const [key, level] of levels) if (level.fullAt <= at) levels.delete(key);
      }
      return retryInMs ? { taken: false, retryInMs } : { taken: true };
    },
  };
}

/**
 * KEYS: the buckets; ARGV: for each, its burst and its refill per millisecond. Answers 0 when a token of each
 * was spent, else the milliseconds until all of them hold one. A bucket expires once it would be full again.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local levels = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local burst = tonumber(ARGV[2 * i - 1])
  local rate = tonumber(ARGV[2 * i])
  local state = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = burst
  if state[1] then
    tokens = math.min(burst, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * rate)
  end
  levels[i] = tokens
  if tokens < 1 then wait = math.max(wait, math.ceil((1 - tokens) / rate)) end
end
for i, key in ipairs(KEYS) do
  local burst = tonumber(ARGV[2 * i - 1])
  local rate = tonumber(ARGV[2 * i])
  local tokens = levels[i]
  if wait == 0 then tokens = tokens - 1 end
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.ceil((burst - tokens) / rate) + 1000)
end
return wait
`;

export function createRedisTokenBuckets(redis: Redis, prefix: string): TokenBuckets {
  return {
    async take(request) {
      const keys = request.map(({ key }) => prefix + key);
      const args = request.flatMap(({ rule }) => [String(rule.burst), String(rule.perSecond / 1000)]);
      const retryInMs = Number(await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args));
      return retryInMs ? { taken: false, retryInMs } : { taken: true };
    },
  };
}
