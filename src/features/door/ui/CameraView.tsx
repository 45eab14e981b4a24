'use client';
// The scanner's camera: the picture with its aiming square, what the camera is doing, and the
// buttons to switch camera, light the torch or turn the camera off. Each decoded text goes to onCode.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { useCameraDecoder } from '../client/useCameraDecoder';
import styles from './door.module.css';

export function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const t = useTranslations('Scanner');
  const [cameraOn, setCameraOn] = useState(true);
  const { video, ...camera } = useCameraDecoder(onCode, cameraOn);
  return (
    <div className={styles.scanner__camera}>
      <video ref={video} className={styles.scanner__video} muted playsInline aria-label={t('cameraLabel')} />
      <span className={styles.scanner__aim} aria-hidden="true" />
      {camera.state === 'denied' || camera.state === 'unavailable' ? <p className={styles['scanner__camera-note']}>{t(`camera.${camera.state}`)}</p> : null}
      {camera.state === 'starting' && cameraOn ? <LoadingStatus className={styles['scanner__camera-note']}>{t('camera.starting')}</LoadingStatus> : null}
      <div className={styles['scanner__camera-actions']}>
        {camera.canSwitch ? (
          <button type="button" className="button button--ghost button--small" onClick={camera.switchCamera}>
            {t('switchCamera')}
          </button>
        ) : null}
        {camera.torch.available ? (
          <button type="button" className="button button--ghost button--small" aria-pressed={camera.torch.on} onClick={() => void camera.toggleTorch()}>
            {t('torch')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost button--small" aria-pressed={!cameraOn} onClick={() => setCameraOn((on) => !on)}>
          {cameraOn ? t('cameraOff') : t('cameraOn')}
        </button>
      </div>
    </div>
  );
}
