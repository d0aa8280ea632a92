// The frame's policy (connect-src 'none') stops fetch, XHR, WebSocket and EventSource, but not WebRTC: a
// peer connection sends STUN packets to any host it names. The reader's code runs in this window, so the
// WebRTC constructors are removed from it before that code runs. A frame the code adds cannot hand back fresh
// ones: in a sandboxed frame each child gets an opaque origin of its own, so reading its window throws a
// SecurityError (the e2e test checks both).

/** The globals that open or carry a peer-to-peer connection. */
export const WEBRTC_GLOBALS = [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCDataChannel',
  'RTCIceTransport',
  'RTCSctpTransport',
  'RTCDtlsTransport',
] as const;

/** Deletes the WebRTC constructors from a window, so `new RTCPeerConnection()` throws a ReferenceError. */
export function removeWebRtc(target: object): void {
  for (const name of WEBRTC_GLOBALS) {
    Reflect.deleteProperty(target, name);
    // Where the property cannot be deleted, it is pinned to undefined.
    if (name in target) Object.defineProperty(target, name, { value: undefined, configurable: false, writable: false });
  }
}
