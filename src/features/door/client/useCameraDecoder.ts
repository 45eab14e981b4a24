'use client';
// The camera and the decoder of the scanner: the back camera by default, a switch between
// cameras, the torch where the device has one, and QR decoding in a worker on the centre of each
// frame, one frame in flight. Calls onCode with each decoded text.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DecodeAnswer, DecodeRequest } from './qr-decoder.worker';
import { DECODE_CROP, DECODE_MAX_SIDE } from './qr-reading';

export type CameraState = 'starting' | 'running' | 'denied' | 'unavailable';

export function useCameraDecoder(onCode: (text: string) => void, enabled: boolean) {
  /** The <video> the page shows the camera in. */
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const track = useRef<MediaStreamTrack | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const worker = new Worker(new URL('./qr-decoder.worker.ts', import.meta.url), { type: 'module' });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let inFlight = false;
    let nextId = 0;
    worker.onmessage = (event: MessageEvent<DecodeAnswer>) => {
      inFlight = false;
      // The decode time, for the browser's performance timeline (npm run bench:door reads it).
      performance.mark('qr-decode', { detail: { ms: event.data.ms, found: event.data.text !== null } });
      if (event.data.text) latest.current(event.data.text);
    };

    const grab = () => {
      if (stopped) return;
      frame = requestAnimationFrame(grab);
      const element = video.current;
      if (inFlight || !context || !element || element.readyState < 2 || !element.videoWidth) return;
      const side = Math.min(element.videoWidth, element.videoHeight) * DECODE_CROP;
      const scale = Math.min(1, DECODE_MAX_SIDE / side);
      canvas.width = canvas.height = Math.round(side * scale);
      context.drawImage(element, (element.videoWidth - side) / 2, (element.videoHeight - side) / 2, side, side, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      inFlight = true;
      worker.postMessage({ id: (nextId += 1), image } satisfies DecodeRequest, [image.data.buffer]);
    };

    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: cameraId ? { deviceId: { exact: cameraId } } : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) setState((error as DOMException)?.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((each) => each.stop());
        return;
      }
      const [videoTrack] = stream.getVideoTracks();
      track.current = videoTrack ?? null;
      const capabilities = (videoTrack?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
      setTorch({ available: Boolean(capabilities.torch), on: false });
      setCameras((await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput'));
      if (video.current) {
        video.current.srcObject = stream;
        await video.current.play().catch(() => undefined);
      }
      setState('running');
      frame = requestAnimationFrame(grab);
    })();

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      worker.terminate();
      stream?.getTracks().forEach((each) => each.stop());
      track.current = null;
    };
  }, [enabled, cameraId]);

  const switchCamera = useCallback(() => {
    if (cameras.length < 2) return;
    const current = track.current?.getSettings().deviceId;
    const index = cameras.findIndex((camera) => camera.deviceId === current);
    setCameraId(cameras[(index + 1) % cameras.length]!.deviceId);
  }, [cameras]);

  const toggleTorch = useCallback(async () => {
    const on = !torch.on;
    await track.current?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] }).catch(() => undefined);
    setTorch((current) => ({ ...current, on }));
  }, [torch.on]);

  return { video, state, canSwitch: cameras.length > 1, switchCamera, torch, toggleTorch };
}
