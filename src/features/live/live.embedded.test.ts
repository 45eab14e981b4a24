import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { watchRead } from '@/server/live/watch';
import { Images } from '@/features/images/images';
import { listImages } from '@/features/images/image-library';
import { liveContract } from './live.contract';
import { imageDocument } from './test-image';

liveContract('embedded (SQLite change feed → tRPC subscription)', async () => {
  const documents = new SqliteDocuments(':memory:');
  return {
    subscribe(onData, onError) {
      const controller = new AbortController();
      void (async () => {
        try {
          for await (const images of watchRead(documents, 'images', [Images.name], () => listImages(documents, {}), controller.signal)) onData(images.map((image) => image.id));
        } catch (error) {
          onError(error);
        }
      })();
      return () => controller.abort();
    },
    write: (id, createdAt) => documents.collection(Images).doc(id).set(imageDocument(createdAt)),
    remove: (id) => documents.collection(Images).doc(id).delete(),
  };
});
