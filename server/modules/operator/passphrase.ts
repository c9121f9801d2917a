import { createHmac, randomInt } from 'node:crypto';

// Short, common, unambiguous words: easy to read aloud in a classroom demo, and 256 of them give
// three words plus three digits about 34 bits, behind the sign-in rate limits.
const words = `
acorn amber anchor apple arrow aspen atlas autumn badge bamboo banner barley basin beacon berry
birch biscuit blossom bonnet border bramble breeze brick bridge brook bubble bucket buckle button
cabin cactus camel candle canoe canvas canyon carpet carrot castle cedar cello chalk cherry chess
cider cinder circus citrus clover cobalt cocoa comet compass copper coral cotton cradle crayon
cricket crystal cupcake daisy dawn delta denim desert dolphin domino dragon drum dune eagle easel
echo ember emerald falcon feather fern fiddle field finch flame flannel forest fossil fountain fox
galaxy garden garnet gecko ginger glacier globe gopher granite grape gravel harbor harvest hazel
heron hickory hollow honey horizon igloo indigo island ivory jacket jasmine jelly jigsaw jungle
kayak kettle kiwi koala ladder lagoon lantern lark lava lemon lilac linen lizard lobster locket
lotus lunar magnet mango maple marble meadow melon meteor mint mitten monsoon mosaic moss muffin
nectar needle nickel nutmeg oasis ocean olive onyx orbit orchard otter owl paddle panda paper
parrot pastel peach pebble pepper piano pillow pine planet plum pocket pollen pony poppy prairie
pretzel puffin pumpkin quartz quill quilt rabbit radish rain raven reef ribbon ridge river robin
rocket saddle saffron sail salmon sandal satin scarf shell sierra silver sketch sled sparrow
spruce squash star stone sugar summit sunset swan table tango teapot thistle thunder tiger timber
toast topaz torch tulip tundra turtle umber valley velvet violet voyage waffle walnut walrus
willow window winter wren yarrow yodel zebra zenith zephyr zinnia cobble meadowlark pinecone
harp seashell snowdrop sunbeam thimble tortoise trellis trumpet tugboat
`
  .split(/\s+/)
  .filter(Boolean);

/** A random, readable password such as "maple-otter-lantern-482". */
export function passphrase(): string {
  const picked = Array.from({ length: 3 }, () => words[randomInt(words.length)]!);
  return `${picked.join('-')}-${String(randomInt(1000)).padStart(3, '0')}`;
}

/**
 * The same kind of password, derived from a secret and a label (an e-mail address): the demo data
 * can print its sign-ins on every start without keeping any password, and whoever lacks the secret
 * learns nothing from the label. With exactly 256 words each word takes one byte, without bias.
 */
export function derivedPassphrase(secret: string, label: string): string {
  const bytes = createHmac('sha256', secret).update(label).digest();
  const picked = [0, 1, 2].map((i) => words[bytes[i]! % words.length]!);
  return `${picked.join('-')}-${String(bytes.readUInt16BE(3) % 1000).padStart(3, '0')}`;
}

/** How many words passphrase() picks from; tests check the list stays large enough. */
export const passphraseWordCount = new Set(words).size;
