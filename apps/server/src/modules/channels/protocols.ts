import { hengxintongAdapter } from './hengxintong';
import { liandongAdapter } from './liandong';
import { registerAdapter } from './registry';
import { simulatedAdapter } from './simulated';

/** Every protocol the platform speaks, registered once at start-up (imported by the route). */
registerAdapter(simulatedAdapter);
registerAdapter(hengxintongAdapter);
registerAdapter(liandongAdapter);
