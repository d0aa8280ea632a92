#!/usr/bin/env python3
"""Partner flow 1: connect a Smartcar vehicle for a new user, store the user's home, set smart charging
preferences, observe the schedule, the unified status and a session completing (sandbox clock and device
controls), charge now and go back to smart charging, and connect the same car again for the same and another user.

Follows /docs/vehicles/smartcar, /docs/vehicles, /docs/locations, /docs/smart-charging, /docs/user-management,
/docs/environments-limits-and-retries, /docs/dates-and-time-zones, /docs/recipes/first-smart-charging-smartcar,
/docs/recipes/charge-now-and-back-to-smart and /docs/sandbox. Asserts what those pages state and exits non-zero on
the first failed assertion.

KILOWISE_SANDBOX_URL: the sandbox base URL (default http://127.0.0.1:4011).
KILOWISE_STRICT=1: also fail on the known docs-vs-sandbox discrepancies (otherwise they are printed and counted).
"""
import os
import sys
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlparse
from zoneinfo import ZoneInfo

import requests

BASE = os.environ.get("KILOWISE_SANDBOX_URL", "http://127.0.0.1:4011").rstrip("/")
STRICT = os.environ.get("KILOWISE_STRICT") == "1"
API_KEY = "partner-flow-smartcar-charging"  # one key per flow: each key has its own sandbox (docs/sandbox)
RUN = uuid.uuid4().hex[:8]
USER_ID = f"partner-user-{RUN}"
OTHER_USER_ID = f"partner-user-other-{RUN}"
# docs/sandbox: "An authCode names a car: the same code connects the same car". Smartcar's consent page is not
# simulated, so the code our callback would have received is made up here: the page's test data names the code of a
# car that reports its battery capacity (READ_BATTERY_CAPACITY), which steps 4 and 10 read from its status. The server
# is the test's own, so the same code every run meets no car of an earlier one.
AUTH_CODE = "sandbox-tesla-model-3"
REDIRECT = "https://app.example.com/smartcar/callback"

DEVICE_STATUSES = {
    "INITIALIZATION", "CABLE_UNPLUGGED", "CABLE_PLUGGED", "CALCULATING_SCHEDULE", "WAITING_FOR_SCHEDULED_CHARGING",
    "SMART_CHARGING", "SMART_CHARGING_COMPLETED", "SMART_CHARGING_DISABLED", "IMMEDIATE_CHARGING", "UNKNOWN", "ERROR",
    "CHARGING_CANCELLED", "WAITING_FOR_CONNECTOR_STATE", "NOT_REGISTERED", "OFFLINE", "UNABLE_TO_CHARGE",
    "CHARGING_COMPLETED",
}  # docs/smart-charging "Device status"
VEHICLE_CHARGING_STATUSES = {"CHARGING", "NOT_CHARGING", "COMPLETE", "DISCONNECTED", "PLUGGED", "CHARGING_COMPLETED"}
SESSION_FIELDS = {"id", "createdAt", "endDateTime", "status", "hourlyCharges", "spotPriceAreaId", "readyTime", "timeZone"}
CHARGER_POWER_KW = 11  # docs/sandbox: never more per hour than the charger's power (11 kW)

session = requests.Session()
session.headers["x-api-key"] = API_KEY
DISCREPANCIES = []


def check(condition, message, page, response=None):
    """Assert one statement of the docs; exit non-zero on the first failure."""
    if not condition:
        detail = ""
        if response is not None:
            detail = f"\n    HTTP {response.status_code} {response.request.method} {response.url}\n    body: {response.text[:600]}"
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


def parse(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def has_offset(value):
    try:
        return parse(value).utcoffset() is not None
    except (TypeError, ValueError):
        return False


def clock(now=None, advance=None):
    body = {"now": now} if now else {"advance": advance}
    r = call("POST", "/__sandbox/clock", json=body)
    # docs/sandbox: POST /__sandbox/clock answers 200 {"now": "…"}
    check(r.status_code == 200 and "now" in r.json(), f"sandbox clock {body}", "docs/sandbox", r)
    return parse(r.json()["now"])


def control(device_id, **fields):
    r = call("PATCH", f"/__sandbox/devices/{device_id}", json=fields)
    # docs/sandbox: PATCH /__sandbox/devices/{deviceId} changes the physical state and answers it
    check(r.status_code == 200 and r.json().get("deviceId", device_id) == device_id,
          f"device control {fields}", "docs/sandbox", r)
    return r.json()


def unified_status(device_id):
    r = call("GET", f"/v2/status/{device_id}")
    # docs/smart-charging: GET /v2/status/{deviceId} returns a unified status and its timestamp
    check(r.status_code == 200 and r.json().get("status") in DEVICE_STATUSES and has_offset(r.json().get("timestamp")),
          f"unified status is {r.json().get('status') if r.ok else '?'} with a timestamp", "docs/smart-charging", r)
    return r.json()["status"]


def vehicle_status(device_id):
    r = call("GET", f"/v1/kilowise/devices/{device_id}/status")
    body = r.json()
    # docs/vehicles: id, timestamp, soc (%), range (km), chargingStatus (enum), batteryCapacity (kWh)
    check(r.status_code == 200 and body.get("id") == device_id and has_offset(body.get("timestamp"))
          and isinstance(body.get("soc"), (int, float)) and 0 <= body["soc"] <= 100
          and isinstance(body.get("range"), (int, float)) and body.get("chargingStatus") in VEHICLE_CHARGING_STATUSES
          and isinstance(body.get("batteryCapacity"), (int, float)),
          f"vehicle status: soc {body.get('soc')} %, {body.get('chargingStatus')}", "docs/vehicles", r)
    return body


def get_preferences(device_id):
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences")
    check(r.status_code == 200, "reading the EV preferences answers 200", "docs/smart-charging", r)
    return r.json()


def check_schedule(schedule, label, expected_ready_local, zone_name, location_area, energy_kwh, now):
    # docs/smart-charging: the schedule has the fields of a session except status
    missing = (SESSION_FIELDS - {"status"}) - set(schedule)
    check(not missing, f"{label}: schedule has id, createdAt, endDateTime, hourlyCharges, spotPriceAreaId, readyTime, "
          f"timeZone (missing {sorted(missing)})", "docs/smart-charging")
    check("status" not in schedule, f"{label}: the schedule has no status", "docs/smart-charging")
    # docs/smart-charging + docs/locations: the plan follows the prices of the location's area
    check(schedule["spotPriceAreaId"] == location_area, f"{label}: schedule is in {location_area}", "docs/locations")
    # docs/dates-and-time-zones: the schedule's timeZone names the zone Kilowise planned in
    check(schedule["timeZone"] == zone_name, f"{label}: timeZone is {zone_name}", "docs/dates-and-time-zones")
    zone = ZoneInfo(schedule["timeZone"])
    end = parse(schedule["endDateTime"])
    # docs/dates-and-time-zones: hourlyCharges keys and endDateTime carry offsets
    check(has_offset(schedule["endDateTime"]) and all(has_offset(k) for k in schedule["hourlyCharges"]),
          f"{label}: endDateTime and hourlyCharges keys carry offsets", "docs/dates-and-time-zones")
    # docs/smart-charging: readyTime is HH:MM in the location's time zone; the plan ends at the (next) ready time
    check(schedule["readyTime"] == expected_ready_local.strftime("%H:%M") and end == expected_ready_local,
          f"{label}: ends at the next ready time {expected_ready_local.isoformat()} "
          f"(readyTime {schedule['readyTime']}, endDateTime {schedule['endDateTime']})", "docs/smart-charging")
    check(end.astimezone(zone).strftime("%H:%M") == schedule["readyTime"],
          f"{label}: endDateTime in {zone_name} is the readyTime", "docs/dates-and-time-zones")
    charges = {parse(k): v for k, v in schedule["hourlyCharges"].items()}
    # docs/smart-charging: hourlyCharges maps the start of each hour to energy in kWh
    check(all(isinstance(v, (int, float)) and 0 <= v <= CHARGER_POWER_KW for v in charges.values()),
          f"{label}: each hour plans 0..{CHARGER_POWER_KW} kWh ({sorted(charges.values())})", "docs/sandbox")
    check(all(k.minute == 0 and k.second == 0 for k in charges) and all(k < end for k in charges)
          and all(k + timedelta(hours=1) > now for k in charges),
          f"{label}: planned hours are whole hours between now and the ready time", "docs/sandbox")
    # docs/sandbox: the schedule holds the energy from the state of charge to targetSoC
    check(abs(sum(charges.values()) - energy_kwh) < 0.2,
          f"{label}: plans {sum(charges.values()):.2f} kWh, expected {energy_kwh:.2f} kWh (SoC to targetSoC)",
          "docs/sandbox")
    return charges


def next_ready(now, zone, ready, weekday_ready):
    """The next ready time after now: weekday-specific first, in the location's time zone (docs/sandbox)."""
    local = now.astimezone(zone)
    for days in range(0, 8):
        day = (local + timedelta(days=days)).date()
        hhmm = weekday_ready.get(day.strftime("%A").upper(), ready)
        candidate = datetime.combine(day, datetime.strptime(hhmm, "%H:%M").time(), zone)
        if candidate > now:
            return candidate
    raise AssertionError("no ready time")


def physical_soc(device_id):
    """The exact state of charge from the sandbox device control (the API rounds it)."""
    r = call("GET", f"/__sandbox/devices/{device_id}")
    check(r.status_code == 200 and isinstance(r.json().get("soc"), (int, float)), "device control GET reads the soc",
          "docs/sandbox", r)  # docs/sandbox: GET /__sandbox/devices/{deviceId} reads the physical state
    return r.json()["soc"]


def connect(user_id, code):
    return call("POST", "/v1/kilowise/devices/smartcar/connect", headers={"x-user-id": user_id},
                json={"authCode": code, "redirectUrl": REDIRECT})


def main():
    print(f"Sandbox {BASE}, key {API_KEY}, user {USER_ID}")
    r = call("POST", "/__sandbox/reset")
    check(r.status_code == 200, "sandbox reset", "docs/sandbox", r)  # docs/sandbox: POST /__sandbox/reset
    # A Tuesday afternoon in March: Stockholm is at +01:00, today's and tomorrow's prices are published.
    now = clock(now="2025-03-11T16:00:00+01:00")

    # --- 1. The user's home (docs/recipes/first-smart-charging-smartcar: the location comes first) ----------
    print("1. Store the user's home")
    home_body = {
        "name": "Home",
        "coordinates": {"latitude": 59.3326, "longitude": 18.0649},
        "countryCode": "SE",
        "postalCode": "11455",
        "streetAddress": "Storgatan 12",
        "city": "Stockholm",
    }
    r = call("POST", f"/v2/kilowise/users/{USER_ID}/locations", json=home_body)
    # docs/locations: 200, the stored location with id and resolved spotPriceAreaId (SE3 for 11455)
    check(r.status_code == 200 and r.json().get("id") and r.json().get("spotPriceAreaId") == "SE3",
          "home stored with an id in SE3", "docs/locations", r)
    home = r.json()
    r = call("GET", f"/v2/kilowise/users/{USER_ID}/locations")
    # docs/locations: GET returns every location of the user as an array
    check(r.status_code == 200 and [loc["id"] for loc in r.json()] == [home["id"]], "the user has exactly this location",
          "docs/locations", r)

    # --- 2. Smartcar authorization URL --------------------------------------------------------------------
    print("2. Smartcar authorization URL")
    r = call("GET", "/v1/kilowise/devices/smartcar/authorization-url", params={"redirectUri": REDIRECT})
    # docs/vehicles/smartcar: 200 {authorizationUrl}; countryCode defaults to FI and mode to live
    check(r.status_code == 200 and "authorizationUrl" in r.json(), "authorization URL answers 200", "docs/vehicles/smartcar", r)
    query = parse_qs(urlparse(r.json()["authorizationUrl"]).query)
    check(query.get("country") == ["FI"] and query.get("mode") == ["live"],
          "defaults are country FI and mode live", "docs/vehicles/smartcar", r)
    r = call("GET", "/v1/kilowise/devices/smartcar/authorization-url",
             params={"redirectUri": REDIRECT, "countryCode": "SE", "mode": "simulated"})
    query = parse_qs(urlparse(r.json().get("authorizationUrl", "")).query)
    check(r.status_code == 200 and query.get("country") == ["SE"] and query.get("mode") == ["simulated"],
          "countryCode=SE and mode=simulated are passed to Smartcar", "docs/vehicles/smartcar", r)
    r = call("GET", "/v1/kilowise/devices/smartcar/authorization-url")
    # openapi.yaml#getSmartcarAuthorizationUrl: redirectUri is required -> 400 naming it
    check(r.status_code == 400 and "redirectUri" in r.json().get("message", ""), "no redirectUri is 400",
          "openapi.yaml#getSmartcarAuthorizationUrl", r)

    # --- 3. Connect the car (the user came back to our callback with ?code=…) -----------------------------
    print("3. Connect the car")
    r = connect(USER_ID, AUTH_CODE)
    # docs/vehicles/smartcar: connect answers 200 for every outcome; CREATED with the new deviceId
    check(r.status_code == 200 and r.json().get("status") == "CREATED" and r.json().get("deviceId")
          and "message" in r.json(), "connect answers 200, status CREATED, a deviceId and a message",
          "docs/vehicles/smartcar", r)
    device_id = r.json()["deviceId"]

    r = call("GET", "/v2/kilowise/devices", params={"userId": USER_ID})
    # docs/vehicles + docs/user-management: a device of type VEHICLE, integration SMARTCAR appears in the list
    check(r.status_code == 200 and any(d["id"] == device_id and d["type"] == "VEHICLE" and d["integration"] == "SMARTCAR"
                                       and has_offset(d.get("createdAt")) for d in r.json()),
          "the user's device list has the car as VEHICLE / SMARTCAR", "docs/vehicles", r)
    r = call("GET", f"/v2/kilowise/devices/{device_id}")
    check(r.status_code == 200 and r.json()["id"] == device_id, "GET the device answers 200",
          "docs/user-management", r)  # docs/user-management: GET /v2/kilowise/devices/{deviceId}

    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences")
    # docs/sandbox: a newly connected car has no preferences (404) until you set them
    check(r.status_code == 404 and "message" in r.json(), "no preferences yet: 404 with a message", "docs/sandbox", r)
    # docs/environments-limits-and-retries: the device itself is 200, so that 404 meant "nothing yet"
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 404, "no schedule before preferences: 404", "docs/smart-charging", r)
    r = call("GET", "/v2/kilowise/devices/dev-does-not-exist/smart-charging/schedule")
    check(r.status_code == 404, "an unknown device's schedule is 404 too", "docs/environments-limits-and-retries", r)
    r = call("GET", "/v2/kilowise/devices/dev-does-not-exist")
    check(r.status_code == 404, "...and the unknown device itself is 404", "docs/environments-limits-and-retries", r)

    state = call("GET", f"/__sandbox/devices/{device_id}").json()
    # docs/sandbox: a newly connected car is at its user's first location with the cable in
    check(state.get("pluggedIn") is True, "the new car has the cable in", "docs/sandbox")
    discrepancy(state.get("locationId") == home["id"], "the new car is at its user's first location (device control)",
                "docs/sandbox", f"GET /__sandbox/devices/{device_id} -> locationId {state.get('locationId')!r}")
    unified_status(device_id)
    vs = vehicle_status(device_id)

    r = call("GET", f"/v1/kilowise/devices/smartcar/{device_id}/capabilities", params={"forceRefresh": "true"})
    # docs/vehicles/smartcar: capability values are READ_LOCATION, EXECUTE_START_AND_STOP, READ_BATTERY_CAPACITY
    check(r.status_code == 200 and isinstance(r.json(), list)
          and set(r.json()) <= {"READ_LOCATION", "EXECUTE_START_AND_STOP", "READ_BATTERY_CAPACITY"},
          f"capabilities {r.json() if r.ok else ''}", "docs/vehicles/smartcar", r)
    r = call("POST", f"/v1/kilowise/devices/smartcar/{device_id}/status")
    # docs/vehicles/smartcar: a status update is 202 Accepted ...
    check(r.status_code == 202, "requesting a status update answers 202", "docs/vehicles/smartcar", r)
    r = call("POST", f"/v1/kilowise/devices/smartcar/{device_id}/status")
    # ... and 429 when asked too often (docs/sandbox: 429 for five minutes); error body has a message
    check(r.status_code == 429 and "message" in r.json(), "a second update at once answers 429 with a message",
          "docs/vehicles/smartcar", r)
    r = call("GET", f"/v2/demand-response/{device_id}")
    check(r.status_code == 200 and r.json() == {"active": False}, "demand response is {active: false}",
          "docs/sandbox", r)  # docs/sandbox: demand-response events are not simulated

    # --- 4. Smart charging preferences (docs/smart-charging "Charge at home by 07:00 to 80 %") -------------
    print("4. Set the smart charging preferences")
    # The body of the guide's example, except batteryCapacity: docs/smart-charging says to send it "when the vehicle
    # does not report it", and this car reports it in its status (docs/vehicles).
    capacity = vs["batteryCapacity"]
    prefs = {
        "chargingBehavior": "SMART_CHARGE_AT_LOCATION",
        "chargingLocationIds": [home["id"]],
        "defaultSpotPriceAreaId": home["spotPriceAreaId"],
        "readyTime": "07:00",
        "weekDaySpecificReadyTimes": {"SATURDAY": "10:30", "SUNDAY": "10:30"},
        "targetSoC": 80,
        "minimalSoC": 20,
    }
    r = call("PUT", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences", json=dict(prefs, targetSoC=120))
    # docs/smart-charging: a targetSoC above 100 is 400 and the message names the field
    check(r.status_code == 400 and "targetSoC" in r.json().get("message", ""), "targetSoC 120 is 400 naming targetSoC",
          "docs/smart-charging", r)
    r = call("PUT", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences", json=prefs)
    # docs/smart-charging + docs/recipes/first-smart-charging-smartcar: 200 with the stored preferences
    stored = r.json()
    check(r.status_code == 200 and all(stored.get(k) == v for k, v in prefs.items()),
          "PUT answers 200 with exactly the preferences sent", "docs/recipes/first-smart-charging-smartcar", r)
    check(get_preferences(device_id).get("chargingBehavior") == "SMART_CHARGE_AT_LOCATION",
          "reading them back gives SMART_CHARGE_AT_LOCATION", "docs/smart-charging")

    # --- 5. The schedule and the unified status -----------------------------------------------------------
    print("5. Observe the schedule and the unified status")
    zone = ZoneInfo("Europe/Stockholm")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    # docs/recipes/first-smart-charging-smartcar: with the preferences set, the schedule can be read (200)
    check(r.status_code == 200, "the schedule answers 200", "docs/recipes/first-smart-charging-smartcar", r)
    ready = next_ready(now, zone, prefs["readyTime"], prefs["weekDaySpecificReadyTimes"])
    energy = (prefs["targetSoC"] - physical_soc(device_id)) / 100 * capacity
    check_schedule(r.json(), "first schedule", ready, "Europe/Stockholm", "SE3", energy, now)
    status = unified_status(device_id)
    if physical_soc(device_id) < prefs["minimalSoC"]:
        # docs/smart-charging + docs/sandbox: below minimalSoC it is charged at once, whatever the price
        check(status == "SMART_CHARGING", "below minimalSoC the car charges at once", "docs/sandbox")
    else:
        # docs/sandbox: the planned hours are the cheap ones later tonight, so the car waits for them
        check(status == "WAITING_FOR_SCHEDULED_CHARGING", "the car waits for the cheap hours", "docs/sandbox")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    check(r.status_code == 200 and isinstance(r.json(), list), "sessions answer 200 with a list",
          "docs/recipes/first-smart-charging-smartcar", r)

    # --- 6. A charging session completing (docs/sandbox worked example) ------------------------------------
    print("6. Plug in at 30 %, follow the schedule, see the session complete")
    control(device_id, pluggedIn=False)
    check(unified_status(device_id) == "CABLE_UNPLUGGED", "unplugged car is CABLE_UNPLUGGED", "docs/sandbox")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 404, "unplugged car has no schedule (404)", "docs/smart-charging", r)
    control(device_id, soc=30, pluggedIn=True, locationId=home["id"])
    # docs/sandbox: after a plug-in it takes 10 seconds to calculate (CALCULATING_SCHEDULE, schedule 404)
    check(unified_status(device_id) == "CALCULATING_SCHEDULE", "just plugged in: CALCULATING_SCHEDULE", "docs/sandbox")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 404, "while calculating the schedule is 404", "docs/sandbox", r)
    now = clock(advance="PT1M")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 200, "a minute later the schedule is 200", "docs/sandbox", r)
    ready = next_ready(now, zone, prefs["readyTime"], prefs["weekDaySpecificReadyTimes"])
    # docs/sandbox worked example: 30 % -> 80 % of the battery (32 kWh for its 64 kWh car) in the cheap hours
    charges = check_schedule(r.json(), "schedule after plug-in", ready, "Europe/Stockholm", "SE3", 0.5 * capacity, now)
    check(unified_status(device_id) == "WAITING_FOR_SCHEDULED_CHARGING", "waiting for the cheap hours", "docs/sandbox")

    first_hour = min(charges)
    now = clock(now=(first_hour + timedelta(minutes=30)).isoformat())
    # docs/sandbox: cars charge in the cheap hours of the schedule; status SMART_CHARGING while they do
    check(unified_status(device_id) == "SMART_CHARGING", f"in the first planned hour ({first_hour.isoformat()}) the "
          "status is SMART_CHARGING", "docs/sandbox")
    check(vehicle_status(device_id)["chargingStatus"] == "CHARGING", "the vehicle reports CHARGING", "docs/vehicles")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    # docs/sandbox: sessions open when charging starts, ACTIVE while it runs
    check(r.status_code == 200 and r.json() and r.json()[0]["status"] == "ACTIVE", "the newest session is ACTIVE",
          "docs/sandbox", r)

    now = clock(now=ready.isoformat())
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    sessions = r.json()
    check(r.status_code == 200 and sessions and sessions[0]["status"] == "COMPLETE",
          "at the ready time the newest session is COMPLETE", "docs/smart-charging", r)  # COMPLETE: target reached
    done = sessions[0]
    missing = SESSION_FIELDS - set(done)
    # docs/smart-charging: a session has id, createdAt, endDateTime, status, hourlyCharges, spotPriceAreaId, readyTime, timeZone
    check(not missing, f"the completed session has every documented field (missing {sorted(missing)})",
          "docs/smart-charging")
    check(abs(sum(done["hourlyCharges"].values()) - 0.5 * capacity) < 0.2 and all(has_offset(k) for k in done["hourlyCharges"]),
          f"the session charged {sum(done['hourlyCharges'].values()):.2f} kWh per hour keys with offsets",
          "openapi.yaml#getChargingSessions")
    check(done["spotPriceAreaId"] == "SE3" and done["timeZone"] == "Europe/Stockholm" and done["readyTime"] == "07:00",
          "the session is in SE3, Europe/Stockholm, ready 07:00", "docs/smart-charging")
    created = [parse(s["createdAt"]) for s in sessions]
    check(created == sorted(created, reverse=True), "sessions are newest first", "docs/sandbox")
    vs = vehicle_status(device_id)
    check(round(vs["soc"]) == 80, "the car is at the 80 % target", "docs/sandbox")
    check(unified_status(device_id) == "SMART_CHARGING_COMPLETED", "status SMART_CHARGING_COMPLETED", "docs/sandbox")

    # --- 7. Charge now, then back to smart charging ----------------------------------------------------
    print("7. Charge now, then back to smart charging")
    control(device_id, soc=45)
    now = clock(advance="PT1M")
    before = get_preferences(device_id)
    r = call("POST", f"/v2/devices/{device_id}/smart-charging/start-charging")
    # openapi.yaml#startCharging + docs/recipes/charge-now-and-back-to-smart: 204
    check(r.status_code == 204, "start-charging answers 204", "docs/recipes/charge-now-and-back-to-smart", r)
    check(unified_status(device_id) == "IMMEDIATE_CHARGING", "status IMMEDIATE_CHARGING", "docs/sandbox")
    after = get_preferences(device_id)
    # docs/smart-charging: a manual start switches smart charging off; previousChargingBehavior keeps the old one
    check(after["chargingBehavior"] == "SMART_CHARGE_OFF", "start-charging switched smart charging off",
          "docs/smart-charging")
    check(after.get("previousChargingBehavior") == "SMART_CHARGE_AT_LOCATION",
          "previousChargingBehavior is SMART_CHARGE_AT_LOCATION", "docs/recipes/charge-now-and-back-to-smart")
    check(all(after.get(k) == v for k, v in before.items() if k not in ("chargingBehavior", "previousChargingBehavior")),
          "the other preferences are unchanged", "docs/sandbox")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 404, "with smart charging off there is no schedule (404)", "docs/smart-charging", r)
    r = call("POST", f"/v2/devices/{device_id}/smart-charging/start-charging")
    check(r.status_code == 204 and get_preferences(device_id).get("previousChargingBehavior") == "SMART_CHARGE_AT_LOCATION",
          "a second start-charging keeps the first previousChargingBehavior", "docs/sandbox", r)
    now = clock(advance="PT30M")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    check(r.status_code == 200 and r.json()[0]["status"] == "ACTIVE", "charging now opened an ACTIVE session",
          "docs/sandbox", r)
    immediate = r.json()[0]
    discrepancy(not (SESSION_FIELDS - {"endDateTime"}) - set(immediate),
                "an open session has the documented session fields", "docs/smart-charging",
                f"ACTIVE session of start-charging: {immediate}")
    r = call("POST", f"/v2/devices/{device_id}/smart-charging/stop-charging")
    check(r.status_code == 204, "stop-charging answers 204", "docs/recipes/charge-now-and-back-to-smart", r)
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    # docs/sandbox: INTERRUPTED when stop-charging is called
    check(r.status_code == 200 and r.json()[0]["id"] == immediate["id"] and r.json()[0]["status"] == "INTERRUPTED",
          "stop-charging interrupted that session", "docs/sandbox", r)
    check(unified_status(device_id) == "SMART_CHARGING_DISABLED", "status SMART_CHARGING_DISABLED", "docs/sandbox")

    # docs/smart-charging: PUT replaces whole; read, change one field, send them all back; don't send previous…
    current = get_preferences(device_id)
    body = {k: v for k, v in current.items() if k != "previousChargingBehavior"}
    body["chargingBehavior"] = current["previousChargingBehavior"]
    r = call("PUT", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences", json=body)
    check(r.status_code == 200 and r.json().get("chargingBehavior") == "SMART_CHARGE_AT_LOCATION",
          "PUT with the previous behaviour turns smart charging back on", "docs/recipes/charge-now-and-back-to-smart", r)
    restored = get_preferences(device_id)
    check(all(restored.get(k) == v for k, v in prefs.items()),
          "every other preference survived (readyTime, weekday times, SoCs, capacity, area, locations)",
          "docs/smart-charging")
    check(restored.get("previousChargingBehavior") == "SMART_CHARGE_OFF",
          "previousChargingBehavior is now the behaviour before this change (SMART_CHARGE_OFF)", "docs/smart-charging")
    # docs/sandbox: preferences with a behaviour other than SMART_CHARGE_OFF hand charging back to the schedule
    status = unified_status(device_id)
    check(status in ("WAITING_FOR_SCHEDULED_CHARGING", "SMART_CHARGING", "CALCULATING_SCHEDULE"),
          f"charging is back with the schedule ({status})", "docs/sandbox")
    now = clock(advance="PT1M")
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
    check(r.status_code == 200, "the schedule is back (200)", "docs/sandbox", r)
    check_schedule(r.json(), "schedule after back-to-smart",
                   next_ready(now, zone, prefs["readyTime"], prefs["weekDaySpecificReadyTimes"]), "Europe/Stockholm",
                   "SE3", (80 - physical_soc(device_id)) / 100 * capacity, now)

    # --- 8. Unplugging during a session ---------------------------------------------------------------
    print("8. Pull the cable during smart charging")
    # docs/sandbox: a change of prices makes the schedule again (tomorrow's prices appear at 13:00 CET), so the
    # first planned hour is read again after each move of the clock.
    for _ in range(3):
        r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/schedule")
        check(r.status_code == 200, "the schedule answers 200", "docs/smart-charging", r)
        first_hour = min(parse(k) for k, v in r.json()["hourlyCharges"].items() if v > 0)
        if first_hour <= now < first_hour + timedelta(hours=1):
            break
        print(f"      next planned hour {first_hour.isoformat()} (schedule {r.json()['id']})")
        now = clock(now=(first_hour + timedelta(minutes=20)).isoformat())
    check(unified_status(device_id) == "SMART_CHARGING", "smart charging in a planned hour", "docs/sandbox")
    control(device_id, pluggedIn=False)
    r = call("GET", f"/v2/kilowise/devices/{device_id}/smart-charging/sessions")
    # docs/smart-charging + docs/sandbox: INTERRUPTED when the cable is pulled
    check(r.status_code == 200 and r.json()[0]["status"] == "INTERRUPTED", "pulling the cable interrupted the session",
          "docs/smart-charging", r)
    check(unified_status(device_id) == "CABLE_UNPLUGGED", "status CABLE_UNPLUGGED", "docs/sandbox")
    control(device_id, pluggedIn=True)

    # --- 9. Connecting the same car again -------------------------------------------------------------
    print("9. Connect the same car again")
    r = connect(USER_ID, AUTH_CODE)
    # docs/vehicles/smartcar + docs/sandbox: same code, same user -> 200 ALREADY_ADDED with the same deviceId
    check(r.status_code == 200 and r.json().get("status") == "ALREADY_ADDED" and r.json().get("deviceId") == device_id,
          "same user: 200 ALREADY_ADDED with the same deviceId", "docs/vehicles/smartcar", r)
    r = connect(OTHER_USER_ID, AUTH_CODE)
    # docs/vehicles/smartcar + docs/sandbox: another user -> 200 CONFLICT
    check(r.status_code == 200 and r.json().get("status") == "CONFLICT" and "message" in r.json(),
          "another user: 200 CONFLICT with a message", "docs/vehicles/smartcar", r)
    r = call("GET", "/v2/kilowise/devices", params={"userId": OTHER_USER_ID})
    check(r.status_code == 200 and r.json() == [], "the other user got no device", "docs/vehicles/smartcar", r)
    r = call("GET", "/v2/kilowise/devices", params={"userId": USER_ID})
    check(r.status_code == 200 and [d["id"] for d in r.json()] == [device_id], "our user still has exactly one car",
          "docs/vehicles", r)
    r = connect(USER_ID, "expired")
    # docs/sandbox: the code `expired` gives SMARTCAR_API_ERROR (still HTTP 200)
    check(r.status_code == 200 and r.json().get("status") == "SMARTCAR_API_ERROR", "an expired code: 200 SMARTCAR_API_ERROR",
          "docs/vehicles/smartcar", r)
    r = call("POST", "/v1/kilowise/devices/smartcar/connect", json={"authCode": AUTH_CODE, "redirectUrl": REDIRECT})
    # openapi.yaml#connectSmartcarVehicle: x-user-id is a required header -> 400
    check(r.status_code == 400 and "x-user-id" in r.json().get("message", "").lower(), "connect without x-user-id is 400",
          "openapi.yaml#connectSmartcarVehicle", r)

    # --- 10. The guide's batteryCapacity example on a car that reports its own ---------------------------
    print("10. batteryCapacity in the preferences of a car that reports its capacity")
    current = {k: v for k, v in get_preferences(device_id).items() if k != "previousChargingBehavior"}
    r = call("PUT", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences", json=dict(current, batteryCapacity=64))
    check(r.status_code == 200 and r.json().get("batteryCapacity") == 64, "PUT with batteryCapacity 64 answers 200",
          "docs/smart-charging", r)
    reported = vehicle_status(device_id)["batteryCapacity"]
    # docs/smart-charging: batteryCapacity is "usable battery capacity in kWh, when the vehicle does not report it";
    # docs/vehicles: the status is what the car reported
    # A car reports its capacity when it has READ_BATTERY_CAPACITY (docs/vehicles/smartcar); only then must it win.
    reports = "READ_BATTERY_CAPACITY" in call("GET", f"/v1/kilowise/devices/smartcar/{device_id}/capabilities").json()
    discrepancy(reported == capacity or capacity == 64 or not reports,
                f"the car's own reported capacity ({capacity} kWh) is kept when the preferences carry batteryCapacity",
                "docs/smart-charging", f"vehicle status batteryCapacity became {reported} after PUT batteryCapacity 64")
    r = call("PUT", f"/v2/kilowise/devices/{device_id}/smart-charging/ev-preferences", json=current)
    check(r.status_code == 200 and "batteryCapacity" not in r.json(), "PUT without batteryCapacity drops it again",
          "docs/smart-charging", r)

    print()
    if DISCREPANCIES:
        print(f"PASSED with {len(DISCREPANCIES)} known docs/sandbox discrepancies:")
        for d in DISCREPANCIES:
            print(f"  - {d}")
    else:
        print("PASSED")


if __name__ == "__main__":
    main()
