import { Button } from 'antd-mobile';
import type JsQR from 'jsqr';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (opts: { formats: string[] }) => BarcodeDetectorLike;

const SCAN_EVERY_MS = 200;
const MAX_WIDTH = 640;
/** In continuous mode the same code is reported again only after this pause. */
const REPEAT_AFTER_MS = 2000;

// jsQR is loaded with the camera, not with the pages that merely offer scanning.
type JsQRModule = typeof JsQR;
let jsQRModule: Promise<{ default: JsQRModule }> | null = null;
const loadJsQR = () => (jsQRModule ??= import('jsqr'));

/** One video frame: the browser's barcode detector first (barcodes), then jsQR (QR codes). */
async function readFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  detector: BarcodeDetectorLike | null,
): Promise<string | null> {
  if (detector) {
    try {
      const found = await detector.detect(video);
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      // Some implementations refuse a frame now and then; jsQR still reads QR codes.
    }
  }
  const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
  const width = Math.round(video.videoWidth * scale);
  const height = Math.round(video.videoHeight * scale);
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, width, height);
  const image = ctx.getImageData(0, 0, width, height);
  const jsQR = (await loadJsQR()).default;
  return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * Reads a terminal's QR code (jsQR, in every browser with a camera) or barcode (the browser's
 * BarcodeDetector, where there is one) from the rear camera. The camera starts only when asked
 * and stops when a code is read (or, in continuous mode, keeps reading) and when the component
 * goes away. Pages always offer manual entry beside it.
 */
export function CameraScanner({
  onDetected,
  continuous = false,
}: {
  onDetected: (text: string) => void;
  continuous?: boolean;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const detectedRef = useRef(onDetected);
  const [state, setState] = useState<'idle' | 'starting' | 'running'>('idle');
  const [error, setError] = useState('');
  const supported =
    typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    detectedRef.current = onDetected;
  }, [onDetected]);

  const stop = useCallback(() => {
    clearInterval(timerRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState('idle');
  }, []);

  const start = useCallback(async () => {
    setError('');
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stop();
        return;
      }
      video.srcObject = stream;
      await video.play();
      setState('running');
      void loadJsQR();
      const Ctor = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
      const detector = Ctor
        ? new Ctor({ formats: ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix'] })
        : null;
      const canvas = document.createElement('canvas');
      let busy = false;
      let last = { text: '', at: 0 };
      timerRef.current = setInterval(() => {
        if (busy || video.readyState < 2 || !video.videoWidth) return;
        busy = true;
        void readFrame(video, canvas, detector)
          .then((text) => {
            if (!text) return;
            const now = Date.now();
            if (text === last.text && now - last.at < REPEAT_AFTER_MS) return;
            last = { text, at: now };
            if (!continuous) stop();
            detectedRef.current(text);
          })
          .finally(() => {
            busy = false;
          });
      }, SCAN_EVERY_MS);
    } catch (err) {
      stop();
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [stop, continuous]);

  useEffect(() => stop, [stop]);

  if (!supported) {
    return (
      <div className="term-camera-note" data-testid="camera-unsupported">
        {t('terminals.camera.unsupported')}
      </div>
    );
  }
  return (
    <div className="term-camera">
      <div className={`term-camera-view ${state === 'idle' ? 'is-idle' : ''}`}>
        <video ref={videoRef} playsInline muted className="term-camera-video" />
        {state !== 'idle' && <div className="term-camera-frame" />}
      </div>
      <div className="term-camera-note">
        {error ? t('terminals.camera.denied', { msg: error }) : t('terminals.camera.hint')}
      </div>
      <Button
        block
        color={state === 'idle' ? 'primary' : 'default'}
        fill="outline"
        loading={state === 'starting'}
        onClick={() => (state === 'idle' ? void start() : stop())}
        data-testid="camera-toggle"
      >
        {state === 'idle' ? t('terminals.camera.start') : t('terminals.camera.stop')}
      </Button>
    </div>
  );
}
