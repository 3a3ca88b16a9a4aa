#!/usr/bin/env node
// A small MCP server over stdio with one tool, get_forecast, backed by Open-Meteo (free, no API
// key). It has no dependencies, so the example runs wherever massgen is installed. MCP's stdio
// transport is JSON-RPC 2.0, one message per line.
import { createInterface } from 'node:readline';

const tools = [
  {
    name: 'get_forecast',
    description: 'Daily weather forecast for a city: highs, lows and precipitation for up to 7 days.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, for example "Berlin" or "Osaka"' },
        days: { type: 'integer', minimum: 1, maximum: 7, description: 'Number of days, 7 when left out' },
      },
      required: ['city'],
    },
  },
];

async function forecast({ city, days = 7 }) {
  if (typeof city !== 'string' || city.trim() === '') throw new Error('expected "city" as a non-empty string');
  const places = await getJson(
    `https://geocoding-api.open-meteo.com/v1/search?count=1&name=${encodeURIComponent(city.trim())}`,
  );
  const place = places.results?.[0];
  if (place === undefined) throw new Error(`no place called "${city}" was found`);
  const query = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    daily: 'temperature_2m_max,temperature_2m_min,precipitation_sum',
    timezone: 'auto',
    forecast_days: String(Math.min(Math.max(Math.trunc(Number(days)) || 7, 1), 7)),
  });
  const weather = await getJson(`https://api.open-meteo.com/v1/forecast?${query}`);
  const daily = weather.daily;
  const lines = daily.time.map(
    (day, index) =>
      `${day}: ${daily.temperature_2m_min[index]} to ${daily.temperature_2m_max[index]} °C, ${daily.precipitation_sum[index]} mm precipitation`,
  );
  return `${place.name}, ${place.country}\n${lines.join('\n')}`;
}

async function getJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`weather service answered HTTP ${response.status}`);
  return response.json();
}

async function handle(message) {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'massgen-example-weather', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return { tools };
    case 'tools/call': {
      if (message.params?.name !== 'get_forecast')
        throw Object.assign(new Error(`unknown tool "${message.params?.name}"`), { code: -32602 });
      try {
        return { content: [{ type: 'text', text: await forecast(message.params.arguments ?? {}) }] };
      } catch (error) {
        return { content: [{ type: 'text', text: `Forecast failed: ${error.message}` }], isError: true };
      }
    }
    default:
      throw Object.assign(new Error(`method not found: ${message.method}`), { code: -32601 });
  }
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    send({ id: null, error: { code: -32700, message: 'parse error' } });
    return;
  }
  // Notifications (no id) need no reply.
  if (message.id === undefined || message.id === null) return;
  handle(message).then(
    (result) => send({ id: message.id, result }),
    (error) => send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } }),
  );
});
