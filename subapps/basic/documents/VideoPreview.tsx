import { useEffect, useRef } from 'react';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';

/** A video with video.js; seeking uses range requests against the preview ticket's address. */
export default function VideoPreview({ url, mime }: { url: string; mime: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = document.createElement('video-js');
    element.setAttribute('data-testid', 'video-preview');
    holder.current?.appendChild(element);
    const player = videojs(element, {
      controls: true,
      fluid: true,
      preload: 'auto',
      sources: [{ src: url, type: mime }],
    });
    return () => {
      player.dispose();
    };
  }, [url, mime]);
  return <div ref={holder} data-vjs-player />;
}
