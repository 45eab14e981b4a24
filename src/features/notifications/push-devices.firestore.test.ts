import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { pushDevicesContract } from './push-devices.contract';

pushDevicesContract('Firestore', { open: standInDocuments });
