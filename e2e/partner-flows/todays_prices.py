#!/usr/bin/env python3
"""Partner flow 3: the spot price area of a location, today's prices in the area's own local day
(00:00 to 24:00 local, including days of 23 and 25 hours), and when tomorrow's prices appear.

Follows /docs/spot-prices, /docs/dates-and-time-zones, /docs/locations, /docs/environments-limits-and-retries,
/docs/recipes/spot-prices-for-a-location and /docs/sandbox. Asserts what those pages state and exits non-zero on
the first failed assertion.

KILOWISE_SANDBOX_URL: the sandbox base URL (default http://127.0.0.1:4011).
KILOWISE_STRICT=1: also fail on the known docs-vs-sandbox discrepancies (otherwise they are printed and counted).
"""
import os
import sys
import uuid
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import requests

BASE = os.environ.get("KILOWISE_SANDBOX_URL", "http://127.0.0.1:4011").rstrip("/")
STRICT = os.environ.get("KILOWISE_STRICT") == "1"
API_KEY = "partner-flow-todays-prices"  # one key per flow: each key has its own sandbox (docs/sandbox)
USER_ID = f"partner-prices-{uuid.uuid4().hex[:8]}"

session = requests.Session()
session.headers["x-api-key"] = API_KEY
DISCREPANCIES = []


def check(condition, message, page, response=None):
    """Assert one statement of the docs; exit non-zero on the first failure."""
    if not condition:
        detail = ""
        if response is not None:
            detail = f"\n    HTTP {response.status_code} {response.request.method} {response.url}\n    body: {response.text[:500]}"
        print(f"ASSERTION FAILED ({page}): {message}{detail}", file=sys.stderr)
        sys.exit(1)
    print(f"  ok  {message}  [{page}]")


def discrepancy(condition, message, page, observed):
    """A statement of the docs that the sandbox is known to contradict: printed, and fatal only with KILOWISE_STRICT=1."""
    if condition:
        print(f"  ok  {message}  [{page}]")
        return
    if STRICT:
        check(False, f"{message} (observed: {observed})", page)
    DISCREPANCIES.append(f"{page}: {message} -- observed: {observed}")
    print(f"  DISCREPANCY ({page}): {message}\n    observed: {observed}")


def call(method, path, **kwargs):
    return session.request(method, BASE + path, timeout=15, **kwargs)


def sandbox_clock(now=None, advance=None):
    body = {"now": now} if now else {"advance": advance}
    r = call("POST", "/__sandbox/clock", json=body)
    # docs/sandbox: POST /__sandbox/clock answers 200 {"now": "…"}
    check(r.status_code == 200 and "now" in r.json(), f"sandbox clock set with {body}", "docs/sandbox", r)
    return parse(r.json()["now"])


def parse(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def has_offset(value):
    return parse(value).utcoffset() is not None


def local_day(zone, instant):
    """docs/dates-and-time-zones: today from the area's local midnight to the next (Python recipe)."""
    today = instant.astimezone(zone).date()
    start = datetime.combine(today, time(0), zone)
    end = datetime.combine(today + timedelta(days=1), time(0), zone)
    return start, end


def get_prices(area, start, end):
    return call("GET", f"/v2/kilowise/spot-prices/{area}",
                params={"startDateTime": start.isoformat(), "endDateTime": end.isoformat()})


def check_day(area, zone, start, end, expected_hours, label):
    r = get_prices(area, start, end)
    # docs/spot-prices: GET spot-prices answers a map from hour start to price
    check(r.status_code == 200, f"{label}: prices of {area} for {start.date()} answer 200", "docs/spot-prices", r)
    prices = r.json()
    check(isinstance(prices, dict), f"{label}: the answer is a map hour -> price", "docs/spot-prices", r)
    # docs/dates-and-time-zones: 24 hours on most days, 23 in March and 25 in October when the clocks change
    check(len(prices) == expected_hours, f"{label}: {len(prices)} hourly prices, expected {expected_hours}",
          "docs/dates-and-time-zones", r)
    # docs/dates-and-time-zones: every date-time the API sends carries an offset (or Z)
    check(all(has_offset(k) for k in prices), f"{label}: every key has an offset", "docs/dates-and-time-zones", r)
    instants = sorted(parse(k).astimezone(timezone.utc) for k in prices)
    # docs/dates-and-time-zones: compare keys as instants; the day is local midnight to the next midnight
    check(instants[0] == start.astimezone(timezone.utc), f"{label}: first hour is local midnight {start.isoformat()}",
          "docs/dates-and-time-zones", r)
    check(instants[-1] == end.astimezone(timezone.utc) - timedelta(hours=1),
          f"{label}: last hour starts one hour before the next local midnight (endDateTime exclusive)",
          "openapi.yaml#getSpotPrices", r)
    # docs/spot-prices: hourly prices, one per hour start, so consecutive instants are one hour apart
    check(all(b - a == timedelta(hours=1) for a, b in zip(instants, instants[1:])),
          f"{label}: keys are consecutive whole hours, no hour missing or repeated", "docs/spot-prices", r)
    # docs/spot-prices: prices read are EUR per kWh (0.0734 = 7.34 c/kWh), not EUR per MWh (73.4)
    check(all(isinstance(v, (int, float)) and -1 < v < 2 for v in prices.values()),
          f"{label}: every price is a number in EUR/kWh range (min {min(prices.values())}, max {max(prices.values())})",
          "docs/spot-prices", r)
    local_hours = [parse(k).astimezone(zone).strftime("%H:%M%z") for k in sorted(prices, key=parse)]
    print(f"      local hours in {zone.key}: {local_hours[0]} .. {local_hours[-1]} ({len(local_hours)})")
    return prices, r


def main():
    print(f"Sandbox {BASE}, key {API_KEY}, user {USER_ID}")
    r = call("POST", "/__sandbox/reset")
    # docs/sandbox: POST /__sandbox/reset empties the sandbox of the key
    check(r.status_code == 200, "sandbox reset", "docs/sandbox", r)

    # A normal Friday in March (Stockholm at +01:00), before 13:00 CET.
    now = sandbox_clock(now="2025-03-14T10:00:00+01:00")

    # --- Authentication -------------------------------------------------------------------------
    r = requests.get(BASE + "/v2/kilowise/countries", timeout=15)
    # docs/prerequisites: a call without a key is 401 with a message
    check(r.status_code == 401 and "message" in r.json(), "a call without x-api-key is 401 with a message",
          "docs/prerequisites", r)
    r = call("GET", "/v2/kilowise/countries")
    # docs/prerequisites: 200 with ISO 3166-1 alpha-2 codes, for example AT, DE, FI, SE
    check(r.status_code == 200 and all(isinstance(c, str) and len(c) == 2 for c in r.json()),
          "countries answer 200 with alpha-2 codes", "docs/prerequisites", r)
    countries = r.json()
    check("SE" in countries, "SE is a served country", "docs/spot-prices", r)

    # --- Find the spot price area of an address --------------------------------------------------
    print("Spot price area of Storgatan 12, 11455 Stockholm")
    r = call("GET", "/v2/kilowise/spot-price-areas", params={"countryCode": "SE", "postalCode": "11455"})
    # docs/spot-prices + docs/recipes/spot-prices-for-a-location: 200, the area of one address
    check(r.status_code == 200 and isinstance(r.json(), list) and len(r.json()) >= 1,
          "spot-price-areas for SE 11455 answers 200 with a list", "docs/recipes/spot-prices-for-a-location", r)
    area = r.json()[0]
    # openapi.yaml SpotPriceArea: id, name, countryCode; docs/locations: 11455 is SE3 (Stockholm)
    check(area.get("id") == "SE3" and area.get("countryCode") == "SE" and "name" in area,
          "the area of 11455 is SE3 with id, name and countryCode", "docs/locations", r)
    area_id = area["id"]

    r = call("GET", "/v2/kilowise/spot-price-areas", params={"countryCode": "FI"})
    # docs/spot-prices: a country with one area needs no postal code
    check(r.status_code == 200 and [a["id"] for a in r.json()] == ["FI"], "FI without postal code gives the one area FI",
          "docs/spot-prices", r)

    r = call("GET", "/v2/kilowise/spot-price-areas", params={"countryCode": "SE", "postalCode": "99999"})
    # openapi.yaml#getSpotPriceAreas + docs/recipes/spot-prices-for-a-location: no matching area is 404
    check(r.status_code == 404 and "message" in r.json(), "an address with no area is 404 with a message",
          "openapi.yaml#getSpotPriceAreas", r)

    # --- Store the location ----------------------------------------------------------------------
    home = {
        "name": "Home",
        "coordinates": {"latitude": 59.3326, "longitude": 18.0649},
        "countryCode": "SE",
        "postalCode": "11455",
        "streetAddress": "Storgatan 12",
        "city": "Stockholm",
    }
    r = call("POST", f"/v2/kilowise/users/{USER_ID}/locations", json=home)
    # docs/locations: 200 with the stored location, its id and the resolved spotPriceAreaId
    check(r.status_code == 200 and r.json().get("id"), "adding the location answers 200 with an id", "docs/locations", r)
    location = r.json()
    # docs/recipes/spot-prices-for-a-location: its spotPriceAreaId is the area found above
    check(location.get("spotPriceAreaId") == area_id, f"stored location is in {area_id}",
          "docs/recipes/spot-prices-for-a-location", r)
    check(all(location.get(k) == v for k, v in home.items()), "the stored location echoes the fields sent",
          "docs/locations", r)

    bad = dict(home, countryCode="SE", postalCode="99999")
    r = call("POST", f"/v2/kilowise/users/{USER_ID}/locations", json=bad)
    # docs/locations: no spot price area for the location is 400
    check(r.status_code == 400 and "message" in r.json(), "a location with no spot price area is 400",
          "docs/locations", r)

    # docs/dates-and-time-zones: SE1 to SE4 are in Europe/Stockholm (a location has no time-zone field)
    zone = {"SE": ZoneInfo("Europe/Stockholm"), "FI": ZoneInfo("Europe/Helsinki"),
            "DE": ZoneInfo("Europe/Berlin"), "AT": ZoneInfo("Europe/Vienna")}[location["countryCode"]]

    # --- Today's prices on a normal day ---------------------------------------------------------
    print(f"Today's prices in {area_id} on an ordinary day (sandbox clock {now.isoformat()})")
    start, end = local_day(zone, now)
    prices, _ = check_day(area_id, zone, start, end, 24, "ordinary day")
    # docs/sandbox: keys are each hour's start in the area's own time zone (+01:00 in March)
    check(all(parse(k).utcoffset() == timedelta(hours=1) for k in prices), "keys are written at +01:00 (Stockholm in March)",
          "docs/sandbox", None)

    # Keys when asking in UTC: docs/dates-and-time-zones and docs/sandbox say the sandbox writes them in the area's
    # own time zone, whatever the offset of the startDateTime.
    r = call("GET", f"/v2/kilowise/spot-prices/{area_id}",
             params={"startDateTime": start.astimezone(timezone.utc).isoformat().replace("+00:00", "Z"),
                     "endDateTime": end.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")})
    check(r.status_code == 200 and len(r.json()) == 24, "the same day asked in UTC answers the same 24 hours",
          "docs/dates-and-time-zones", r)
    offsets = sorted({k[19:] for k in r.json()})
    discrepancy(offsets == ["+01:00"],
                "the sandbox writes spot price keys in the area's own time zone, also when asked in Z",
                "docs/dates-and-time-zones", f"keys written with offsets {offsets}")

    r = call("GET", f"/v2/kilowise/spot-prices/{area_id}",
             params={"startDateTime": "2025-03-14T00:00:00", "endDateTime": "2025-03-15T00:00:00"})
    # docs/dates-and-time-zones: every date-time you send must have an offset; openapi BadRequest names the parameter
    check(r.status_code == 400 and "startDateTime" in r.json().get("message", ""),
          "a startDateTime without offset is 400 naming the parameter", "docs/dates-and-time-zones", r)

    r = call("GET", "/v2/kilowise/spot-prices/XX9", params={"startDateTime": start.isoformat(), "endDateTime": end.isoformat()})
    # docs/spot-prices: an unknown spot price area is 404
    check(r.status_code == 404 and "message" in r.json(), "an unknown area is 404", "docs/spot-prices", r)

    # --- Tomorrow before and after publication (13:00 CET) ---------------------------------------
    print("Tomorrow's prices around 13:00 CET (winter)")
    t_start, t_end = local_day(zone, now + timedelta(days=1))
    now = sandbox_clock(now="2025-03-14T12:59:00+01:00")
    r = get_prices(area_id, t_start, t_end)
    # docs/dates-and-time-zones + docs/environments-limits-and-retries + docs/sandbox: before ~13:00 CET tomorrow is 404
    check(r.status_code == 404 and "No spot prices" in r.json().get("message", ""),
          "at 12:59 CET tomorrow's prices are 404 ('No spot prices for the query')", "docs/dates-and-time-zones", r)
    r = call("GET", f"/v2/kilowise/spot-prices/{area_id}",
             params={"startDateTime": "2025-03-14T20:00:00+01:00", "endDateTime": "2025-03-15T04:00:00+01:00"})
    # docs/spot-prices: until then, a query that reaches into tomorrow returns only the hours that are known
    check(r.status_code == 200 and len(r.json()) == 4 and all(parse(k) < t_start for k in r.json()),
          "a query reaching into tomorrow returns only today's 4 known hours", "docs/spot-prices", r)
    now = sandbox_clock(now="2025-03-14T13:00:00+01:00")
    # docs/sandbox: tomorrow's prices appear at 13:00 CET on the sandbox clock
    check_day(area_id, zone, t_start, t_end, 24, "tomorrow at 13:00 CET")

    # --- A day of 23 hours: the last Sunday of March ---------------------------------------------
    print("Today's prices on 2025-03-30 (clocks go forward)")
    now = sandbox_clock(now="2025-03-30T09:00:00+02:00")
    start, end = local_day(zone, now)
    # docs/dates-and-time-zones: the offsets in force at each midnight (+01:00 then +02:00)
    check(start.isoformat().endswith("+01:00") and end.isoformat().endswith("+02:00"),
          f"the day runs from {start.isoformat()} to {end.isoformat()}", "docs/dates-and-time-zones")
    prices, _ = check_day(area_id, zone, start, end, 23, "23-hour day")
    local = {parse(k).astimezone(zone).hour for k in prices}
    # docs/dates-and-time-zones: in March the hour from 02:00 to 03:00 does not exist
    check(2 not in local, "there is no 02:00 local hour on 2025-03-30", "docs/dates-and-time-zones")

    # --- A day of 25 hours: the last Sunday of October, in two areas -----------------------------
    print("Today's prices on 2025-10-26 (clocks go back)")
    now = sandbox_clock(now="2025-10-26T09:00:00+01:00")
    start, end = local_day(zone, now)
    check(start.isoformat().endswith("+02:00") and end.isoformat().endswith("+01:00"),
          f"the day runs from {start.isoformat()} to {end.isoformat()}", "docs/dates-and-time-zones")
    prices, _ = check_day(area_id, zone, start, end, 25, "25-hour day")
    twice = [k for k in prices if parse(k).astimezone(zone).hour == 2]
    # docs/dates-and-time-zones: in October the hour from 02:00 happens twice, at +02:00 and at +01:00
    check(len(twice) == 2 and {parse(k).utcoffset() for k in twice} == {timedelta(hours=2), timedelta(hours=1)},
          f"02:00 local appears twice: {twice}", "docs/dates-and-time-zones")
    fi_zone = ZoneInfo("Europe/Helsinki")  # docs/dates-and-time-zones: FI is Europe/Helsinki
    fi_start, fi_end = local_day(fi_zone, now)
    check_day("FI", fi_zone, fi_start, fi_end, 25, "25-hour day in FI")

    # --- Publication time in summer --------------------------------------------------------------
    # The docs say "13:00 CET" / "around 13:00 Central European Time" / "early afternoon". In summer Central Europe is
    # on CEST (+02:00): 13:00 CEST is 11:00 UTC, 13:00 CET is 12:00 UTC. Assert only what holds under both readings.
    print("Tomorrow's prices in summer")
    now = sandbox_clock(now="2026-06-14T10:59:00Z")  # 12:59 CEST, before either reading of 13:00
    t_start, t_end = local_day(zone, now + timedelta(days=1))
    r = get_prices(area_id, t_start, t_end)
    check(r.status_code == 404, "at 12:59 CEST tomorrow's prices are 404", "docs/environments-limits-and-retries", r)
    now = sandbox_clock(now="2026-06-14T11:00:00Z")  # 13:00 CEST
    r = get_prices(area_id, t_start, t_end)
    print(f"      at 13:00 CEST (11:00 UTC) tomorrow answers {r.status_code}")
    now = sandbox_clock(now="2026-06-14T12:00:00Z")  # 13:00 CET taken literally = 14:00 CEST
    # docs/environments-limits-and-retries: poll once after 13:00 CET; then the prices are there
    check_day(area_id, zone, t_start, t_end, 24, "tomorrow after 13:00 CET in summer")
    today_start, today_end = local_day(zone, now)
    prices, _ = check_day(area_id, zone, today_start, today_end, 24, "summer day")
    # docs/dates-and-time-zones: from April to October Stockholm is at +02:00; never write a fixed +01:00
    check(today_start.isoformat().endswith("+02:00"), "summer local midnight is at +02:00", "docs/dates-and-time-zones")

    # --- Test prices: posted in EUR/MWh, read in EUR/kWh -----------------------------------------
    print("Test prices (EUR/MWh in, EUR/kWh out)")
    hours = [today_start + timedelta(hours=h) for h in (1, 2, 3)]
    posted = {h.isoformat(): mwh for h, mwh in zip(hours, (12.5, 9.8, 8.1))}
    r = call("POST", f"/v2/kilowise/spot-prices/{area_id}", json=posted)
    # openapi.yaml#setTestSpotPrices: 204 when stored
    check(r.status_code == 204, "posting test prices answers 204", "openapi.yaml#setTestSpotPrices", r)
    r = get_prices(area_id, hours[0], hours[-1] + timedelta(hours=1))
    # docs/spot-prices: 12.5, 9.8, 8.1 EUR/MWh read back as 0.0125, 0.0098, 0.0081 EUR/kWh
    got = {parse(k): v for k, v in r.json().items()} if r.ok else {}
    check(r.status_code == 200 and [round(got.get(h, -1), 6) for h in hours] == [0.0125, 0.0098, 0.0081],
          "test prices read back divided by 1000 (EUR/kWh)", "docs/spot-prices", r)

    print()
    if DISCREPANCIES:
        print(f"PASSED with {len(DISCREPANCIES)} known docs/sandbox discrepancies:")
        for d in DISCREPANCIES:
            print(f"  - {d}")
    else:
        print("PASSED")


if __name__ == "__main__":
    main()
