<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="arena-tiles" tilewidth="64" tileheight="64" tilecount="10" columns="10">
  <image source="arena-tiles.png" width="640" height="64" />
  <tile id="0">
    <properties>
      <property name="terrain" value="floor" />
    </properties>
  </tile>
  <tile id="1">
    <properties>
      <property name="terrain" value="wall" />
    </properties>
  </tile>
  <tile id="2">
    <properties>
      <property name="terrain" value="pillar" />
    </properties>
  </tile>
  <tile id="3">
    <properties>
      <property name="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="100" />
    </properties>
  </tile>
  <tile id="4">
    <properties>
      <property name="terrain" value="water" />
    </properties>
  </tile>
  <tile id="5">
    <properties>
      <property name="terrain" value="lava" />
    </properties>
  </tile>
  <tile id="6">
    <properties>
      <property name="terrain" value="acid" />
    </properties>
  </tile>
  <tile id="7">
    <properties>
      <property name="terrain" value="hole" />
    </properties>
  </tile>
  <tile id="8">
    <properties>
      <property name="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="90" />
    </properties>
  </tile>
  <tile id="9">
    <properties>
      <property name="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="120" />
    </properties>
  </tile>
</tileset>
