import type { FastifyInstance } from 'fastify';

// A locally generated audio sample for the audio widget (the showcase must not need the internet):
// a one-second two-note chime as 8 kHz 8-bit mono WAV, built once at start-up.
export function chimeWav(seconds = 1, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const buf = Buffer.alloc(44 + samples);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const freq = t < seconds / 2 ? 660 : 880;
    const envelope = Math.exp(-4 * (t % (seconds / 2)));
    buf[44 + i] = Math.round(128 + 90 * envelope * Math.sin(2 * Math.PI * freq * t));
  }
  return buf;
}

export async function sampleRoutes(app: FastifyInstance): Promise<void> {
  const chime = chimeWav();
  app.get('/media/samples/harvest-chime.wav', async (_request, reply) =>
    reply.type('audio/wav').header('Cache-Control', 'public, max-age=86400').send(chime),
  );
}
