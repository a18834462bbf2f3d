import { Image, ImageViewer, SpinLoading } from 'antd-mobile';
import { useTicketImage } from '../api/tickets';

/** One image of the caller's ticket, fetched with the token; a tap shows it full screen. */
export function TicketImage({ id }: { id: number }) {
  const q = useTicketImage(id);
  if (!q.data) {
    return (
      <div className="ticket-thumb ticket-thumb-loading">
        {q.isError ? '!' : <SpinLoading style={{ '--size': '20px' }} />}
      </div>
    );
  }
  const src = q.data;
  return (
    <Image
      className="ticket-thumb"
      src={src}
      width={88}
      height={88}
      fit="cover"
      data-testid="ticket-image"
      onClick={() => ImageViewer.show({ image: src })}
    />
  );
}
