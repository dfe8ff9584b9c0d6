// One Apache Kafka node in KRaft mode (broker and controller in one JVM) on 127.0.0.1 and free ports,
// from the jars Maven resolves into infra/.cache/kafka. `node infra/local/kafka.mjs` prints KAFKA_BROKERS
// and runs until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { freePort, startServerProcess, stopperOf, stopServerProcess, waitUntil } from './server-process.mjs';

const infraDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const pomFile = join(infraDir, 'kafka', 'pom.xml');
/** Where Maven copies the broker's jars (gitignored, reused across runs). */
export const KAFKA_JAR_DIR = join(infraDir, '.cache', 'kafka');
const HEAP = ['-Xms192m', '-Xmx384m'];
/**
 * A throwaway broker lives for one test run or bench on a machine of a few cores, where a cold JVM's compiler
 * threads and G1's concurrent work took a tenth of both cores while the bench measured (`top -H`: C1 and C2
 * 12 % during the lag phase). C1 alone compiles less and sooner, and the serial collector has no threads of
 * its own: with them the distributed lag at 200 events/s fell from p50 / p99 55–114 / 141–304 ms to
 * 55–77 / 120–276 ms over eight runs each (BENCHMARKS.md, 2026-11-27). A long-lived production broker keeps
 * its own settings.
 */
const JIT_AND_GC = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** The Kafka version the pom asks for. */
function wantedKafkaVersion() {
  const match = readFileSync(pomFile, 'utf8').match(/<kafka\.version>([^<]+)<\/kafka\.version>/);
  if (!match) throw new Error(`${pomFile} names no <kafka.version>`);
  return match[1];
}

/**
 * Makes sure the broker's jars for the pom's Kafka version are in infra/.cache/kafka, running Maven only
 * when they are missing or of another version. Returns the version.
 */
export function resolveKafkaJars() {
  const version = wantedKafkaVersion();
  const brokerJar = `kafka_2.13-${version}.jar`;
  if (existsSync(join(KAFKA_JAR_DIR, brokerJar))) return version;
  rmSync(KAFKA_JAR_DIR, { recursive: true, force: true });
  process.stderr.write(`infra: resolving Apache Kafka ${version} from Maven Central into ${KAFKA_JAR_DIR}\n`);
  const result = spawnSync('mvn', ['-q', '-B', '-f', pomFile, 'dependency:copy-dependencies'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(join(KAFKA_JAR_DIR, brokerJar))) {
    throw new Error(`mvn dependency:copy-dependencies failed (exit ${result.status ?? result.signal})`);
  }
  return version;
}

/** A cluster id as `kafka-storage random-uuid` prints it: 16 random bytes, URL-safe base64, not led by '-'. */
export function randomClusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** server.properties of a single combined node; 4.x finds its controller through bootstrap servers. */
export function serverProperties({ version, brokerPort, controllerPort, logDir }) {
  const controller = `127.0.0.1:${controllerPort}`;
  const quorum =
    Number(version.split('.')[0]) >= 4
      ? `controller.quorum.bootstrap.servers=${controller}`
      : `controller.quorum.voters=1@${controller}`;
  return [
    'process.roles=broker,controller',
    'node.id=1',
    quorum,
    `listeners=PLAINTEXT://127.0.0.1:${brokerPort},CONTROLLER://${controller}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${brokerPort}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${logDir}`,
    // Topics are created on purpose (by infra), never by a typo in a producer.
    'auto.create.topics.enable=false',
    'num.partitions=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=3',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    '',
  ].join('\n');
}

/** Broker logs go to DIR/server.log, not to the terminal running the tests. */
const log4jProperties = (dir) =>
  [
    'log4j.rootLogger=INFO, file',
    'log4j.appender.file=org.apache.log4j.FileAppender',
    `log4j.appender.file.File=${join(dir, 'server.log')}`,
    'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
    'log4j.logger.kafka=INFO',
    'log4j.logger.org.apache.kafka=INFO',
    '',
  ].join('\n');

/** A kafkajs client for `brokers` that stays quiet unless something is really wrong. */
export function kafkaClient(brokers, clientId = 'yoman-infra') {
  return new Kafka({
    clientId,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 2, initialRetryTime: 200 },
  });
}

async function listsTopics(brokers) {
  const admin = kafkaClient(brokers).admin();
  try {
    await admin.connect();
    await admin.listTopics();
    return true;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/**
 * Resolves the jars when needed, formats a fresh KRaft storage directory and starts one node with a small
 * heap. Returns `brokers` ("127.0.0.1:PORT") and `stop()`, which also deletes the directory (run on
 * SIGINT/SIGTERM too).
 */
export async function startKafka() {
  const version = resolveKafkaJars();
  const dir = mkdtempSync(join(tmpdir(), 'yoman-kafka-'));
  const logDir = join(dir, 'data');
  mkdirSync(logDir);
  const [brokerPort, controllerPort] = [await freePort(), await freePort()];
  const propertiesFile = join(dir, 'server.properties');
  writeFileSync(propertiesFile, serverProperties({ version, brokerPort, controllerPort, logDir }));
  const log4jFile = join(dir, 'log4j.properties');
  writeFileSync(log4jFile, log4jProperties(dir));
  const jvm = [
    ...HEAP,
    ...JIT_AND_GC,
    '-Djava.awt.headless=true',
    `-Dkafka.logs.dir=${dir}`,
    `-Dlog4j.configuration=file:${log4jFile}`,
    '-cp',
    `${KAFKA_JAR_DIR}/*`,
  ];
  const format = ['format', '-t', randomClusterId(), '-c', propertiesFile];
  if (Number(version.split('.')[0]) >= 4) format.push('--standalone');
  const formatted = spawnSync('java', [...jvm, 'kafka.tools.StorageTool', ...format], { encoding: 'utf8' });
  if (formatted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`kafka StorageTool format failed: ${formatted.stderr || formatted.stdout}`);
  }
  const logFile = join(dir, 'stdout.log');
  const startNode = () => startServerProcess('java', [...jvm, 'kafka.Kafka', propertiesFile], { logFile });
  let child = startNode();

  // SIGTERM runs Kafka's controlled shutdown; a lone node has nobody to hand leadership to, so it is quick.
  const stop = stopperOf(() => child, dir, { graceMs: 20_000 });

  const brokers = `127.0.0.1:${brokerPort}`;
  const answers = () =>
    waitUntil('Kafka', () => listsTopics(brokers), {
      child,
      logFile: join(dir, 'server.log'),
      timeoutMs: 90_000,
      intervalMs: 500,
    });
  try {
    await answers();
  } catch (error) {
    await stop();
    throw error;
  }

  /**
   * Stops the node (SIGTERM, or SIGKILL for a crash), leaves it down for `downMs`, then starts it again on
   * the same ports and storage directory, so topics, offsets and producer state survive as on a real restart.
   */
  async function restart({ signal = 'SIGTERM', downMs = 0 } = {}) {
    await stopServerProcess(child, { signal, graceMs: 20_000 });
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    child = startNode();
    await answers();
  }

  return {
    brokers,
    version,
    get pid() {
      return child.pid;
    },
    dir,
    stop,
    restart,
  };
}

/**
 * Proves a broker works end to end with kafkajs: creates a topic, produces three keyed messages, consumes
 * them in a consumer group and deletes the topic. Throws on any difference.
 */
export async function smokeCheckKafka(brokers) {
  const kafka = kafkaClient(brokers, 'yoman-infra-smoke');
  const topic = `yoman-smoke-${randomBytes(4).toString('hex')}`;
  const admin = kafka.admin();
  await admin.connect();
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  const consumer = kafka.consumer({ groupId: `${topic}-group` });
  try {
    await admin.createTopics({
      topics: [{ topic, numPartitions: 1, replicationFactor: 1 }],
      waitForLeaders: true,
    });
    const sent = ['first', 'second', 'third'].map((value, index) => ({ key: `stream-${index % 2}`, value }));
    await producer.connect();
    await producer.send({ topic, messages: sent, acks: -1 });
    const received = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`smoke check: ${received.length} of 3 messages after 30 s`)),
        30_000,
      );
      consumer
        .run({
          eachMessage: async ({ message }) => {
            received.push({ key: message.key.toString(), value: message.value.toString() });
            if (received.length === sent.length) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
    if (JSON.stringify(received) !== JSON.stringify(sent)) {
      throw new Error(`smoke check: sent ${JSON.stringify(sent)}, received ${JSON.stringify(received)}`);
    }
    await consumer.disconnect();
    await admin.deleteTopics({ topics: [topic] });
    const left = await admin.listTopics();
    if (left.includes(topic)) throw new Error(`smoke check: topic ${topic} still listed after delete`);
  } finally {
    await Promise.allSettled([producer.disconnect(), consumer.disconnect()]);
    await admin.disconnect();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const server = await startKafka();
  console.log(`KAFKA_BROKERS=${server.brokers}`);
  console.error(
    `Kafka ${server.version} ready in ${Date.now() - started} ms (pid ${server.pid}, logs in ${server.dir}); Ctrl-C stops it.`,
  );
  setInterval(() => {}, 1 << 30);
}
